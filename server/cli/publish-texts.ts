/**
 * Publishes the operator's customer texts (legal documents, redemption offers) from a JSON file
 * shaped like server/db/seed-data/customer-texts.json, into the database the server would use:
 *   node --import tsx server/cli/publish-texts.ts my-texts.json
 * A document version already published is never changed (leads name it): publish a new version.
 * On an embedded database, stop the server first (the tool refuses a folder it holds).
 */
import fs from "node:fs";
import * as v from "valibot";
import { flowSchema, legalDocumentKindSchema, textLangSchema } from "../../lib/core/schemas.ts";
import { configFromEnv } from "../config.ts";
import { migrate } from "../db/migrate.ts";
import { publishTexts } from "../services/customerTexts.ts";
import { databaseLabel, openDatabase } from "./openDatabase.ts";

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

const file = process.argv[2];
if (!file) {
  console.error("usage: publish-texts <file.json>");
  process.exit(2);
}
const parsed = v.safeParse(fileSchema, JSON.parse(fs.readFileSync(file, "utf8")));
if (!parsed.success) {
  const issue = parsed.issues[0];
  console.error(`not published: ${v.getDotPath(issue) ?? "file"}: ${issue.message}`);
  process.exit(1);
}
const config = configFromEnv();
const db = await openDatabase(config);
try {
  await migrate(db);
  const added = await db.transaction((tx) => publishTexts(tx, parsed.output, Date.now()));
  console.log(`${added} text(s) published to ${databaseLabel(config)}`);
} finally {
  await db.close();
}
