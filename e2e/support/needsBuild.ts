import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pgliteTemplateFile } from "../../server/test/harness.ts";

/**
 * Playwright's global set-up: the suite serves dist/, so it must have been built. Every server
 * the suite starts (one per worker, a few of its own) opens the in-memory database from one
 * migrated, seeded copy (PGLITE_TEMPLATE) rather than running initdb and the seed each time.
 */
export default async function globalSetup(): Promise<void> {
  const root = resolve(import.meta.dirname, "../..");
  for (const file of ["dist/elements/nu-forms.js", "dist/hosts/index.html"]) {
    if (!existsSync(resolve(root, file))) {
      throw new Error(
        `${file} is missing: run \`npm run build\` first (or \`npm run test:e2e\`, which builds)`,
      );
    }
  }
  process.env.PGLITE_TEMPLATE = await pgliteTemplateFile("demo");
}
