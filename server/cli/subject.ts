/**
 * Access and erasure of one person from a shell, as the admin API does them (docs/privacy.md):
 *   npm run subject:export -- --email someone@example.com [--csv]
 *   npm run subject:erase -- --email someone@example.com
 * On the database the server would use; audited with the actor `cli`. The export goes to stdout
 * (JSON, or the CSV with its byte-order mark). On an embedded database, stop the server first.
 */
import * as v from "valibot";
import { emailSchema } from "../../lib/core/schemas.ts";
import { loadSecrets } from "../auth/secret.ts";
import { configFromEnv } from "../config.ts";
import { migrate } from "../db/migrate.ts";
import { recordAudit } from "../services/audit.ts";
import { eraseSubject, subjectKey, subjectReport } from "../services/privacy.ts";
import { subjectCsv } from "../services/subjectCsv.ts";
import { databaseLabel, openDatabase } from "./openDatabase.ts";
import { runWhenEntry, type Tool, ToolExit } from "./tool.ts";

const USAGE = "usage: subject export --email <e-mail> [--csv] | subject erase --email <e-mail>";

function argsOf(args: string[]): { action: "export" | "erase"; email: string; csv: boolean } {
  const [action, ...rest] = args;
  if (action !== "export" && action !== "erase") throw new ToolExit(2, [USAGE]);
  let email: string | undefined;
  let csv = false;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "--email") email = rest[++i];
    else if (rest[i] === "--csv" && action === "export") csv = true;
    else throw new ToolExit(2, [`unknown argument "${rest[i]}"`, USAGE]);
  }
  const parsed = v.safeParse(emailSchema, email ?? "");
  if (!parsed.success) throw new ToolExit(2, ["--email: not an e-mail address", USAGE]);
  return { action, email: parsed.output, csv };
}

export const subjectTool: Tool = async (args, env, io) => {
  const { action, email, csv } = argsOf(args);
  const config = configFromEnv(env);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const secrets = await loadSecrets({
      configured: config.tokenSecret,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      db,
    });
    const ctx = { db, secrets, now: Date.now };
    const audit = { actor: "cli", target: subjectKey(secrets, email), atMs: Date.now() };
    if (action === "export") {
      const report = await db.transaction(async (tx) => {
        const found = await subjectReport(tx, email);
        await recordAudit(tx, {
          ...audit,
          action: "subject.export",
          detail: { format: csv ? "csv" : "json", leads: found.leads.length },
        });
        return found;
      });
      io.out(csv ? subjectCsv(report) : JSON.stringify(report, null, 2));
      return 0;
    }
    const erased = await eraseSubject(ctx, email, (tx, n) =>
      recordAudit(tx, { ...audit, action: "subject.erase", detail: { leads: n } }),
    );
    io.out(`${erased} lead(s) erased in ${databaseLabel(config)}`);
    return 0;
  } finally {
    await db.close();
  }
};

runWhenEntry(import.meta, subjectTool);
