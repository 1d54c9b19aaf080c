/**
 * The operator's catalogue: the products of nuForm's product step and the cooperative-partner
 * clinics of the recruitment form. Production starts with neither (the seed's are fictional);
 * `server/cli/load-catalogue.ts` replaces either list from a file shaped like the seed's
 * (server/db/seed-data/products.json, clinics.json).
 */
import * as v from "valibot";
import type { Queryable } from "../db/db.ts";

const text = v.pipe(v.string(), v.trim(), v.minLength(1, "must not be empty"));
const optionalText = v.optional(v.pipe(v.string(), v.trim()), "");
const id = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1 to 40 letters, digits, _ or -"),
);

export const productSchema = v.object({
  id,
  name_zh: text,
  name_en: text,
  description_zh: optionalText,
  description_en: optionalText,
  image_url: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^(\/(?!\/)|https:\/\/)\S+$/, "must be a path on this server (/…) or an https:// URL"),
  ),
});

export const clinicSchema = v.object({
  id,
  name_zh: text,
  name_en: text,
  // Empty for an entry such as "Other clinic" (the seed's C06).
  district: optionalText,
  address_zh: optionalText,
  address_en: optionalText,
  phone: optionalText,
});

export type CatalogueProduct = v.InferOutput<typeof productSchema>;
export type CatalogueClinic = v.InferOutput<typeof clinicSchema>;

export const catalogueFileSchemas = {
  products: v.object({ products: v.array(productSchema) }),
  clinics: v.object({ clinics: v.array(clinicSchema) }),
} as const;

export type CatalogueKind = keyof typeof catalogueFileSchemas;

export interface CatalogueEntries {
  products: CatalogueProduct[];
  clinics: CatalogueClinic[];
}

/**
 * A catalogue file's parsed JSON, checked: its entries, or one line per problem ("products[2].name_en:
 * must not be empty"), every entry checked.
 */
export function parseCatalogue<K extends CatalogueKind>(
  kind: K,
  json: unknown,
): { entries: CatalogueEntries[K]; problems: [] } | { entries: undefined; problems: string[] } {
  const parsed = v.safeParse(catalogueFileSchemas[kind], json);
  if (!parsed.success) {
    return {
      entries: undefined,
      problems: parsed.issues.map((issue) => {
        const where = v.getDotPath(issue)?.replace(/^(\w+)\.(\d+)/, "$1[$2]");
        return `${where ?? `the file (expected { "${kind}": [ … ] })`}: ${issue.message}`;
      }),
    };
  }
  const entries = (parsed.output as Record<K, CatalogueEntries[K]>)[kind];
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const [i, entry] of entries.entries()) {
    if (seen.has(entry.id)) problems.push(`${kind}[${i}].id: "${entry.id}" is used twice`);
    seen.add(entry.id);
  }
  return problems.length > 0 ? { entries: undefined, problems } : { entries, problems: [] };
}

/** Replaces the whole list (in the caller's transaction); returns how many rows it had before. */
export async function replaceProducts(tx: Queryable, products: CatalogueProduct[]): Promise<number> {
  const removed = (await tx.query("DELETE FROM products")).rowCount ?? 0;
  for (const [sort, p] of products.entries()) {
    await tx.query(
      `INSERT INTO products (id, name_zh, name_en, description_zh, description_en, image_url, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [p.id, p.name_zh, p.name_en, p.description_zh, p.description_en, p.image_url, sort],
    );
  }
  return removed;
}

/** Replaces the whole list (in the caller's transaction); returns how many rows it had before. */
export async function replaceClinics(tx: Queryable, clinics: CatalogueClinic[]): Promise<number> {
  const removed = (await tx.query("DELETE FROM clinics")).rowCount ?? 0;
  for (const [sort, c] of clinics.entries()) {
    await tx.query(
      `INSERT INTO clinics (id, name_zh, name_en, district, address_zh, address_en, phone, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [c.id, c.name_zh, c.name_en, c.district, c.address_zh, c.address_en, c.phone, sort],
    );
  }
  return removed;
}
