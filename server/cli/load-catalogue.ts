/**
 * Loads the operator's products and/or partner clinics, replacing the whole list, into the
 * database the server uses (same DATABASE_URL / DATA_DIR):
 *   DATABASE_URL=… npm run load-catalogue -- --products products.json --clinics clinics.json
 * Each file is shaped like server/db/seed-data/products.json / clinics.json. Every entry is
 * checked first (one line per problem); nothing is written unless every file given is right, and
 * then the lists are replaced in one transaction. Running instances see the new lists at once.
 * On an embedded database, stop the server first (the tool refuses a folder it holds).
 */
import { parseArgs } from "node:util";
import { configFromEnv } from "../config.ts";
import { migrate } from "../db/migrate.ts";
import {
  type CatalogueEntries,
  type CatalogueKind,
  parseCatalogue,
  replaceClinics,
  replaceProducts,
} from "../services/catalogue.ts";
import { databaseLabel, openDatabase } from "./openDatabase.ts";
import { readJsonFile } from "./readJsonFile.ts";
import { runWhenEntry, type Tool, ToolExit } from "./tool.ts";

const USAGE = "usage: load-catalogue [--products products.json] [--clinics clinics.json]";

function notLoaded(lines: string[], status = 1): ToolExit {
  return new ToolExit(
    status,
    lines.map((line) => `not loaded: ${line}`),
  );
}

function read<K extends CatalogueKind>(kind: K, file: string): CatalogueEntries[K] {
  const content = readJsonFile(file);
  if ("problem" in content) throw notLoaded([`${file}: ${content.problem}`]);
  const { entries, problems } = parseCatalogue(kind, content.json);
  if (entries === undefined) throw notLoaded(problems.map((p) => `${file}: ${p}`));
  return entries;
}

export const loadCatalogueTool: Tool = async (args, env, io) => {
  let files: { products?: string; clinics?: string };
  try {
    files = parseArgs({
      args,
      options: { products: { type: "string" }, clinics: { type: "string" } },
    }).values;
  } catch (error) {
    throw notLoaded([(error as Error).message, USAGE], 2);
  }
  if (!files.products && !files.clinics) throw new ToolExit(2, [USAGE]);

  const products = files.products ? read("products", files.products) : undefined;
  const clinics = files.clinics ? read("clinics", files.clinics) : undefined;

  const config = configFromEnv(env);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const done: string[] = [];
    await db.transaction(async (tx) => {
      if (products) {
        const before = await replaceProducts(tx, products);
        done.push(`products: ${products.length} loaded (the ${before} before replaced)`);
      }
      if (clinics) {
        const before = await replaceClinics(tx, clinics);
        done.push(`clinics: ${clinics.length} loaded (the ${before} before replaced)`);
      }
    });
    for (const line of done) io.out(line);
    io.out(`database: ${databaseLabel(config)}`);
    return 0;
  } finally {
    await db.close();
  }
};

runWhenEntry(import.meta, loadCatalogueTool);
