/**
 * The operator's texts a customer reads: the legal documents named on the terms
 * step (versioned; a lead records which versions were accepted and when) and what the member QR
 * code is redeemed for. They live in the database (migration 005), so an operator publishes a new
 * version without a new build; `npm run publish-texts` loads them from a JSON file.
 */
import fs from "node:fs";
import path from "node:path";
import type {
  AcceptedConsents,
  AcceptedDocument,
  Flow,
  LegalDocument,
  RedemptionOffer,
} from "../../lib/core/types.ts";
import type { Queryable } from "../db/db.ts";
import { iso } from "../db/db.ts";
import { ApiFailure } from "../http/envelope.ts";

type TextLang = "zh-HK" | "zh-Hans" | "en";

export interface CustomerTextsFile {
  documents?: Omit<LegalDocument, "published_at">[];
  offers?: RedemptionOffer[];
}

/**
 * The latest published version of each document kind in `lang`. For zh-Hans, per kind, the
 * Simplified text of zh-HK's version in force, else zh-HK's text itself: a version published in
 * Traditional Chinese only is still the one a mainland customer reads and accepts.
 */
export async function legalDocuments(q: Queryable, lang: TextLang, nowMs: number): Promise<LegalDocument[]> {
  const found = await documentsIn(q, lang, nowMs);
  if (lang !== "zh-Hans") return found;
  const traditional = await documentsIn(q, "zh-HK", nowMs);
  const sameVersion = (doc: LegalDocument) => (d: LegalDocument) =>
    d.kind === doc.kind && d.version === doc.version;
  return traditional.length === 0 ? found : traditional.map((doc) => found.find(sameVersion(doc)) ?? doc);
}

async function documentsIn(q: Queryable, lang: TextLang, nowMs: number): Promise<LegalDocument[]> {
  const { rows } = await q.query<LegalDocument & { published_at: Date | string }>(
    `SELECT DISTINCT ON (kind) kind, version, lang, title, body, published_at FROM legal_documents
     WHERE lang = $1 AND published_at <= $2 ORDER BY kind, published_at DESC, version DESC`,
    [lang, new Date(nowMs).toISOString()],
  );
  return rows
    .map((row) => ({ ...row, published_at: iso(row.published_at) }))
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "privacy_policy" ? -1 : 1));
}

/** What `flow`'s QR code is redeemed for in `lang` (zh-Hans: zh-HK's when it has none, as legalDocuments). */
export async function redemptionOffer(q: Queryable, flow: Flow, lang: TextLang): Promise<RedemptionOffer[]> {
  const found = await offerIn(q, flow, lang);
  return found.length === 0 && lang === "zh-Hans" ? offerIn(q, flow, "zh-HK") : found;
}

async function offerIn(q: Queryable, flow: Flow, lang: TextLang): Promise<RedemptionOffer[]> {
  const { rows } = await q.query<RedemptionOffer>(
    "SELECT flow, lang, gift, places, valid_days FROM redemption_offers WHERE flow = $1 AND lang = $2",
    [flow, lang],
  );
  return rows;
}

/** A published version of a document kind (one row per language). */
export interface DocumentVersion {
  kind: AcceptedDocument["kind"];
  version: string;
  /** published_at rounded up to the millisecond, so `<= now` agrees with the database's. */
  publishedMs: number;
}

/**
 * Every published version, in the order the database gives "the version in force": per kind,
 * newest publication first, then the highest version. Held in memory (ReferenceLists) and dropped
 * when `legal_documents` changes (migration 007).
 */
export async function documentVersions(q: Queryable): Promise<DocumentVersion[]> {
  const { rows } = await q.query<{ kind: DocumentVersion["kind"]; version: string; published_ms: number }>(
    `SELECT kind, version, ceil(extract(epoch FROM published_at) * 1000)::float8 AS published_ms
     FROM legal_documents ORDER BY kind, published_at DESC, version DESC`,
  );
  return rows.map((r) => ({ kind: r.kind, version: r.version, publishedMs: Number(r.published_ms) }));
}

/** The version of each kind in force at `nowMs`, whatever the language (versions name a text in every language). */
function versionsInForce(versions: readonly DocumentVersion[], nowMs: number): AcceptedDocument[] {
  const inForce: AcceptedDocument[] = [];
  for (const v of versions) {
    if (v.publishedMs > nowMs || inForce.at(-1)?.kind === v.kind) continue;
    inForce.push({ kind: v.kind, version: v.version });
  }
  return inForce;
}

/**
 * The consents as recorded: the document versions accepted — each must exist (400 naming the
 * entry otherwise); none sent means the versions in force — and the server's time.
 */
export function recordConsents(
  versions: readonly DocumentVersion[],
  consents: AcceptedConsents,
  nowMs: number,
): AcceptedConsents {
  const sent = consents.documents;
  let documents: AcceptedDocument[];
  if (sent === undefined) {
    documents = versionsInForce(versions, nowMs);
  } else {
    for (const [index, doc] of sent.entries()) {
      if (!versions.some((v) => v.kind === doc.kind && v.version === doc.version && v.publishedMs <= nowMs))
        throw new ApiFailure("VALIDATION_FAILED", { field: `consents.documents.${index}.version` });
    }
    documents = sent.map(({ kind, version }) => ({ kind, version }));
  }
  return { ...consents, documents, accepted_at: new Date(nowMs).toISOString() };
}

/** Inserts documents and offers; a document version already there is left as it is (texts of a version never change). */
export async function publishTexts(tx: Queryable, texts: CustomerTextsFile, nowMs: number): Promise<number> {
  let added = 0;
  for (const d of texts.documents ?? []) {
    const { rowCount } = await tx.query(
      `INSERT INTO legal_documents (kind, version, lang, title, body, published_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (kind, version, lang) DO NOTHING`,
      [d.kind, d.version, d.lang, d.title, d.body, new Date(nowMs).toISOString()],
    );
    added += rowCount ?? 0;
  }
  for (const o of texts.offers ?? []) {
    const { rowCount } = await tx.query(
      `INSERT INTO redemption_offers (flow, lang, gift, places, valid_days) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (flow, lang) DO UPDATE SET gift = EXCLUDED.gift, places = EXCLUDED.places,
         valid_days = EXCLUDED.valid_days`,
      [o.flow, o.lang, o.gift, o.places, o.valid_days],
    );
    added += rowCount ?? 0;
  }
  return added;
}

export const SAMPLE_TEXTS_FILE = path.join(
  import.meta.dirname,
  "..",
  "db",
  "seed-data",
  "customer-texts.json",
);

/** SEED=demo: the clearly marked sample texts, only where the operator has none of its own. */
export async function seedSampleTexts(tx: Queryable, nowMs: number): Promise<void> {
  const { rows } = await tx.query<{ n: number }>(
    "SELECT (SELECT count(*) FROM legal_documents)::int + (SELECT count(*) FROM redemption_offers)::int AS n",
  );
  if (rows[0].n > 0) return;
  const texts = JSON.parse(fs.readFileSync(SAMPLE_TEXTS_FILE, "utf8")) as CustomerTextsFile;
  await publishTexts(tx, texts, nowMs);
}
