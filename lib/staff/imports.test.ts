import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importsOf, reachable, sourcesUnder } from "../../scripts/moduleImports.ts";

const LIB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STAFF = join(LIB, "staff");
const FLOWS = join(LIB, "flows");

describe("the staff tools' imports", () => {
  const staffFiles = sourcesUnder(STAFF);

  it("finds the staff modules and their imports", () => {
    expect(staffFiles.length).toBeGreaterThan(20);
    expect(importsOf(join(STAFF, "StaffLogin.tsx"))).toContain(join(LIB, "ui/form/TextField.tsx"));
  });

  // The staff pages must not download the customer flows' code: /staff/home's budget counts it.
  it("reach nothing in lib/flows/, directly or through another module", () => {
    const offending: string[] = [];
    for (const file of staffFiles) {
      for (const [module, chain] of reachable(file, (next) => next.startsWith(LIB))) {
        if (module.startsWith(`${FLOWS}/`)) offending.push(chain.map((m) => relative(LIB, m)).join(" → "));
      }
    }
    expect(offending).toEqual([]);
  });
});
