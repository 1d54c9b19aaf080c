/**
 * Publishes the operator's customer texts (legal documents, redemption offers) from a JSON file
 * shaped like server/db/seed-data/customer-texts.json, into the database the server would use:
 *   node --import tsx server/cli/publish-texts.ts my-texts.json
 * A document version already published is never changed (leads name it): publish a new version.
 * On an embedded database, stop the server first (the tool refuses a folder it holds).
 */
import * as v from "valibot";
import { flowSchema, legalDocumentKindSchema, textLangSchema } from "../../lib/core/schemas.ts";
import { configFromEnv } from "../config.ts";
import { migrate } from "../db/migrate.ts";
import { publishTexts } from "../services/customerTexts.ts";
import { databaseLabel, openDatabase } from "./openDatabase.ts";
import { readJsonFile } from "./readJsonFile.ts";
import { runWhenEntry, type Tool, ToolExit } from "./tool.ts";

const text = v.pipe(v.string(), v.trim(), v.minLength(1));
const fileSchema = v.object({
  documents: v.optional(
    v.array(
      v.object({
        kind: legalDocumentKindSchema,
        version: v.pipe(v.string(), v.regex(/^[\w.-]{1,40}$/)),
        lang: textLangSchema,
        title: text,
        body: text,
      }),
    ),
  ),
  offers: v.optional(
    v.array(
      v.object({
        flow: flowSchema,
        lang: textLangSchema,
        gift: text,
        places: text,
        valid_days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3660)),
      }),
    ),
  ),
});

export const publishTextsTool: Tool = async (args, env, io) => {
  const file = args[0];
  if (!file) throw new ToolExit(2, ["usage: publish-texts <file.json>"]);
  const read = readJsonFile(file);
  if ("problem" in read) throw new ToolExit(1, [`not published: ${file}: ${read.problem}`]);
  const parsed = v.safeParse(fileSchema, read.json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new ToolExit(1, [`not published: ${v.getDotPath(issue) ?? "file"}: ${issue.message}`]);
  }
  const config = configFromEnv(env);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const changed: string[] = [];
    const unchanged: string[] = [];
    const added = await db.transaction(async (tx) => {
      for (const d of parsed.output.documents ?? []) {
        const { rows } = await tx.query<{ title: string; body: string }>(
          "SELECT title, body FROM legal_documents WHERE kind = $1 AND version = $2 AND lang = $3",
          [d.kind, d.version, d.lang],
        );
        const name = `${d.kind} ${d.version} ${d.lang}`;
        if (rows.length === 0) continue;
        if (rows[0].title === d.title && rows[0].body === d.body) unchanged.push(name);
        else changed.push(name);
      }
      if (changed.length > 0) return 0;
      return publishTexts(tx, parsed.output, Date.now());
    });
    if (changed.length > 0) {
      for (const name of changed)
        io.err(
          `not published: ${name} is already published with other content; a published version is what customers consented to and never changes: give the corrected text a new "version"`,
        );
      return 1;
    }
    for (const name of unchanged) io.out(`${name}: already published, unchanged`);
    io.out(`${added} text(s) published to ${databaseLabel(config)}`);
    return 0;
  } finally {
    await db.close();
  }
};

runWhenEntry(import.meta, publishTextsTool);
