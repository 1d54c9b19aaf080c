/**
 * The database the server would use (same DATABASE_URL / DATA_DIR), for the command-line tools.
 * An embedded database the server has open is refused (db/folderLock.ts) with one line, not a
 * stack trace.
 */
import { ConfigError, type ServerConfig } from "../config.ts";
import { type Db, databaseLabel, openDb } from "../db/db.ts";

export { databaseLabel };

export async function openDatabase(config: Pick<ServerConfig, "databaseUrl" | "dataDir">): Promise<Db> {
  try {
    return await openDb({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`nu-forms: ${error.message}`);
    process.exit(1);
  }
}
