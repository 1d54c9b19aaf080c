/**
 * The shape of the staff tools (create-staff, set-staff-password, set-staff-email): on the database
 * the server uses, migrated, `task` runs and says what it did in one line naming that database; an
 * input the service refuses (ApiFailure) is the one line `refused` gives, and exit status 1.
 */
import { configFromEnv } from "../config.ts";
import type { Db } from "../db/db.ts";
import { migrate } from "../db/migrate.ts";
import { ApiFailure } from "../http/envelope.ts";
import { databaseLabel, openDatabase } from "./openDatabase.ts";
import type { ToolIo } from "./tool.ts";

export async function runStaffTool(
  env: NodeJS.ProcessEnv,
  io: ToolIo,
  task: (db: Db, where: string) => Promise<string>,
  refused: (failure: ApiFailure) => string,
): Promise<number> {
  const config = configFromEnv(env);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    io.out(await task(db, databaseLabel(config)));
    return 0;
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    io.err(refused(error));
    return 1;
  } finally {
    await db.close();
  }
}
