import { existsSync } from "node:fs";
import { resolve } from "node:path";

/** Playwright's global set-up: the suite serves dist/, so it must have been built. */
export default function needsBuild(): void {
  const root = resolve(import.meta.dirname, "../..");
  for (const file of ["dist/elements/nu-forms.js", "dist/hosts/index.html"]) {
    if (!existsSync(resolve(root, file))) {
      throw new Error(
        `${file} is missing: run \`npm run build\` first (or \`npm run test:e2e\`, which builds)`,
      );
    }
  }
}
