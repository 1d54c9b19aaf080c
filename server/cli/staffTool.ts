/**
 * The shape of the staff tools (create-staff, set-staff-password, set-staff-email): on the database
 * the server uses, migrated, `task` runs and says what it did in one line naming that database; an
 * input the service refuses (ApiFailure) is the one line `refused` gives, and exit status 1.
 * The change and its audit entry (`staff.change`, actor `cli`) are one transaction.
 */
import { configFromEnv } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { migrate } from "../db/migrate.ts";
import { ApiFailure } from "../http/envelope.ts";
import { recordAudit } from "../services/audit.ts";
import { databaseLabel, openDatabase } from "./openDatabase.ts";
import type { ToolIo } from "./tool.ts";

export async function runStaffTool(
  env: NodeJS.ProcessEnv,
  io: ToolIo,
  task: (q: Queryable, where: string) => Promise<string>,
  refused: (failure: ApiFailure) => string,
  audit: { staffId: string | undefined; change: "create" | "password" | "email" },
): Promise<number> {
  const config = configFromEnv(env);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const said = await db.transaction(async (tx) => {
      const line = await task(tx, databaseLabel(config));
      await recordAudit(tx, {
        actor: "cli",
        action: "staff.change",
        target: audit.staffId?.toUpperCase() ?? null,
        detail: { change: audit.change },
      });
      return line;
    });
    io.out(said);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    io.err(refused(error));
    return 1;
  } finally {
    await db.close();
  }
}
