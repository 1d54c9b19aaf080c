/**
 * The operator's brand (lib/core/brand.ts) from one JSON file (`BRAND_FILE`, e.g.
 * `{ "name": "小樹苗", "primaryColor": "#005f73", … }`) and/or `BRAND_*` variables, which win over
 * the file. Anything not set stays the demo brand; a value that is refused stops the start.
 */
import { readFileSync } from "node:fs";
import { BRAND_FIELDS, type Brand, completeBrand, DEMO_BRAND } from "../lib/core/brand.ts";

export class BrandError extends Error {
  override readonly name = "BrandError";
}

export function brandFromEnv(env: NodeJS.ProcessEnv): Brand {
  let fromFile: Record<string, unknown> = {};
  const file = env.BRAND_FILE?.trim();
  if (file) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      fromFile = parsed as Record<string, unknown>;
    } catch (error) {
      throw new BrandError(`BRAND_FILE ${file} is not a readable JSON object (${(error as Error).message})`);
    }
    const unknown = Object.keys(fromFile).filter((key) => !BRAND_FIELDS.some(([field]) => field === key));
    if (unknown.length > 0) throw new BrandError(`BRAND_FILE has unknown fields: ${unknown.join(", ")}`);
  }
  const values: Partial<Record<keyof Brand, unknown>> = { ...fromFile };
  for (const [field, , variable] of BRAND_FIELDS) {
    const value = env[variable];
    if (value !== undefined && value.trim() !== "") values[field] = value;
  }
  const { brand, problems } = completeBrand(values, DEMO_BRAND);
  if (problems.length > 0) {
    throw new BrandError(
      `brand settings refused: ${problems.join(", ")} (colours #rrggbb; links /path, https://, mailto: or tel:)`,
    );
  }
  return brand;
}
