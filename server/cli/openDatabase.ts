/**
 * The database the server would use (same DATABASE_URL / DATA_DIR), for the command-line tools.
 * An embedded database the server has open is refused (db/folderLock.ts) with one line, not a
 * stack trace.
 */
import { ConfigError, type ServerConfig } from "../config.ts";
import { type Db, openDb } from "../db/db.ts";

export async function openDatabase(config: Pick<ServerConfig, "databaseUrl" | "dataDir">): Promise<Db> {
  try {
    return await openDb({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`nu-forms: ${error.message}`);
    process.exit(1);
  }
}

/**
 * Which database a tool works on, for its output: `PostgreSQL host:port/db` or `embedded database
 * in <DATA_DIR>` (never the user or password of DATABASE_URL).
 */
export function databaseLabel(config: Pick<ServerConfig, "databaseUrl" | "dataDir">): string {
  const url = config.databaseUrl;
  if (url === undefined) return `embedded database in ${config.dataDir}`;
  if (url === "memory://") return "in-memory database (gone when the tool ends)";
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.host || "localhost"}/${decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "(default database)"}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}
