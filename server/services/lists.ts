/**
 * The reference lists of docs/rules.md#fields-and-formats: hospitals, cooperative-partner clinics and products. They
 * change rarely (seed, an operator's SQL), are read on every form, and are checked on every
 * lead: each is held in memory as its ready answer (JSON text and ETag) and its id set, and
 * dropped when the database says the table changed (migration 006: a trigger NOTIFYs
 * nu_forms_reference; every instance LISTENs). While no notification can be trusted (the
 * listening connection is down), every call reads the database again.
 */
import { createHash } from "node:crypto";
import type { Clinic, Hospital, HospitalType, Product, RedemptionOffer } from "../../lib/core/types.ts";
import type { Db, Queryable } from "../db/db.ts";
import { type DocumentVersion, documentVersions } from "./customerTexts.ts";

export const REFERENCE_CHANNEL = "nu_forms_reference";

export async function hospitals(q: Queryable, type?: HospitalType): Promise<Hospital[]> {
  const { rows } = await q.query<Hospital>(
    `SELECT id, en_name, cn_name, type FROM hospitals
     WHERE $1::text IS NULL OR type = $1 ORDER BY type DESC, id`,
    [type ?? null],
  );
  return rows;
}

export async function clinics(q: Queryable): Promise<Clinic[]> {
  const { rows } = await q.query<Clinic>(
    "SELECT id, name_zh, name_en, district, address_zh, address_en, phone FROM clinics ORDER BY sort",
  );
  return rows;
}

export async function products(q: Queryable): Promise<Product[]> {
  const { rows } = await q.query<Product>(
    "SELECT id, name_zh, name_en, description_zh, description_en, image_url FROM products ORDER BY sort",
  );
  return rows;
}

/**
 * A list as the API answers it: the envelope's JSON as bytes, its ETag, the headers of its
 * answer (built once: the request pipeline adds its own, see `setHeader`), and the ids it holds.
 */
export interface CachedList {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  headers: Readonly<Record<string, string>>;
  ids: ReadonlySet<string | number>;
}

export interface ReferenceLists {
  hospitals(type?: HospitalType): Promise<CachedList>;
  clinics(): Promise<CachedList>;
  products(): Promise<CachedList>;
  /** The published versions of the legal documents (lead consents are checked against them). */
  documentVersions(): Promise<readonly DocumentVersion[]>;
  /** Every flow's redemption offer in every language (the confirmation mail names it). */
  offers(): Promise<readonly RedemptionOffer[]>;
  close(): Promise<void>;
}

function answer(rows: { id: string | number }[]): CachedList {
  const body = new Uint8Array(Buffer.from(JSON.stringify({ Code: 200, Message: "OK", Data: rows })));
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "content-type": "application/json",
    "content-length": String(body.length),
    "cache-control": "no-cache",
    etag,
  };
  return { body, etag, headers, ids: new Set(rows.map((r) => r.id)) };
}

type Table = "hospitals" | "clinics" | "products" | "legal_documents" | "redemption_offers";

export async function referenceLists(db: Db): Promise<ReferenceLists> {
  // Keyed "table" or "table:variant"; a promise, so concurrent first requests share one read.
  const cache = new Map<string, Promise<unknown>>();
  let listening = false;
  const drop = (table?: string) => {
    for (const key of [...cache.keys()])
      if (table === undefined || key.split(":")[0] === table) cache.delete(key);
  };
  const stop = await db.listen(
    REFERENCE_CHANNEL,
    () => drop(),
    (now) => {
      listening = now;
      drop();
    },
  );
  const get = <T>(table: Table, variant: string, load: () => Promise<T>): Promise<T> => {
    if (!listening) return load();
    const key = variant ? `${table}:${variant}` : table;
    let entry = cache.get(key) as Promise<T> | undefined;
    if (!entry) {
      const loading = load();
      entry = loading;
      cache.set(key, loading);
      loading.catch(() => {
        if (cache.get(key) === loading) cache.delete(key);
      });
    }
    return entry;
  };
  return {
    hospitals: (type) => get("hospitals", type ?? "", () => hospitals(db, type).then(answer)),
    clinics: () => get("clinics", "", () => clinics(db).then(answer)),
    products: () => get("products", "", () => products(db).then(answer)),
    documentVersions: () => get("legal_documents", "", () => documentVersions(db)),
    offers: () =>
      get("redemption_offers", "", () =>
        db
          .query<RedemptionOffer>("SELECT flow, lang, gift, places, valid_days FROM redemption_offers")
          .then((r) => r.rows),
      ),
    close: () => stop(),
  };
}
