/**
 * The lead desk's export from the command line, with the desk's filters, to stdout:
 *   npm run leads:export -- --flow nuform --from 2026-12-01 --to 2026-12-31 [--lang en] > leads.csv
 * Options: --q --flow --from --to (Hong Kong days of creation) --partner --marketing true|false
 * --redeemed true|false --lang zh-HK|en. The same file as `GET /api/admin/leads.csv`, audited as
 * `leads.export` by actor `cli`. The row count goes to stderr.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { deskExportQuerySchema } from "../../lib/core/schemas.ts";
import { configFromEnv } from "../config.ts";
import { migrate } from "../db/migrate.ts";
import { ApiFailure } from "../http/envelope.ts";
import { parse } from "../http/input.ts";
import { exportLeads } from "../services/leadExport.ts";
import { openDatabase } from "./openDatabase.ts";
import { runWhenEntry, type Tool, ToolExit } from "./tool.ts";

const FILTERS = ["q", "flow", "from", "to", "partner", "marketing", "redeemed", "lang"] as const;

export const leadsExportTool: Tool = async (args, env, io) => {
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(FILTERS.map((name) => [name, { type: "string" as const }])),
  });
  let query: ReturnType<typeof parse<typeof deskExportQuerySchema>>;
  try {
    query = parse(deskExportQuerySchema, values);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    throw new ToolExit(2, [`not exported: check --${error.field || "arguments"}`]);
  }
  const { lang = "zh-HK", ...filters } = query;
  const db = await openDatabase(configFromEnv(env));
  try {
    await migrate(db);
    const { rows, chunks } = await exportLeads(db, filters, lang, {
      actor: "cli",
      ip: null,
      nowMs: Date.now(),
    });
    await pipeline(Readable.from(chunks), io.stdout ?? process.stdout, { end: io.stdout !== undefined });
    io.err(`${rows} lead(s) exported`);
    return 0;
  } finally {
    await db.close();
  }
};

runWhenEntry(import.meta, leadsExportTool);
