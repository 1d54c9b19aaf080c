/**
 * The database the server would use (same DATABASE_URL / DATA_DIR), for the command-line tools,
 * which each name it in their output (databaseLabel) so an operator sees where they wrote. A
 * database that cannot be reached or refuses the connection is one line, not a stack trace.
 * An embedded database the server has open is refused (db/folderLock.ts) with one line, not a
 * stack trace.
 */
import { ConfigError, type ServerConfig } from "../config.ts";
import { type Db, databaseLabel, databaseStartProblem, openDb } from "../db/db.ts";
import { ToolExit } from "./tool.ts";

export { databaseLabel };

export async function openDatabase(config: Pick<ServerConfig, "databaseUrl" | "dataDir">): Promise<Db> {
  let db: Db | undefined;
  try {
    db = await openDb({ url: config.databaseUrl, dataDir: config.dataDir });
    // PostgreSQL connects on the first query: a wrong host, role or password shows here.
    await db.query("SELECT 1");
    return db;
  } catch (error) {
    await db?.close().catch(() => {});
    const problem = error instanceof ConfigError ? error.message : databaseStartProblem(error, config);
    if (problem === undefined) throw error;
    throw new ToolExit(1, [`nu-forms: ${problem}`]);
  }
}
