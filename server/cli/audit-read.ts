/**
 * The audit log from the command line, newest first, one entry a line (tab-separated: time,
 * actor, action, target, address, detail as JSON):
 *   npm run audit:read -- [--action leads.export] [--limit 100] [--cursor <next>]
 * When there is more, the last line on stderr gives the --cursor of the next page.
 */
import { parseArgs } from "node:util";
import { auditQuerySchema } from "../../lib/core/schemas.ts";
import { configFromEnv } from "../config.ts";
import { migrate } from "../db/migrate.ts";
import { ApiFailure } from "../http/envelope.ts";
import { parse } from "../http/input.ts";
import { auditPage } from "../services/auditLog.ts";
import { openDatabase } from "./openDatabase.ts";
import { runWhenEntry, type Tool, ToolExit } from "./tool.ts";

export const auditReadTool: Tool = async (args, env, io) => {
  const { values } = parseArgs({
    args,
    options: { action: { type: "string" }, limit: { type: "string" }, cursor: { type: "string" } },
  });
  let query: ReturnType<typeof parse<typeof auditQuerySchema>>;
  try {
    query = parse(auditQuerySchema, values);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    throw new ToolExit(2, [`check --${error.field || "arguments"}`]);
  }
  const db = await openDatabase(configFromEnv(env));
  try {
    await migrate(db);
    const page = await auditPage(db, query);
    for (const e of page.entries)
      io.out([e.at, e.actor, e.action, e.target ?? "", e.ip ?? "", JSON.stringify(e.detail)].join("\t"));
    if (page.next_cursor) io.err(`more: --cursor ${page.next_cursor}`);
    return 0;
  } finally {
    await db.close();
  }
};

runWhenEntry(import.meta, auditReadTool);
