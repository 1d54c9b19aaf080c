/**
 * The lead export (`GET /api/admin/leads.csv`, `npm run leads:export`): the desk's filters, one
 * row per lead, read from the database in keyset batches only as the reader takes them (a pull
 * stream: memory stays flat whatever the size), each batch written by csv-stringify as one chunk
 * (a chunk per row cost a socket write per row), after the UTF-8 byte-order mark (Excel reads
 * Chinese right only with it). The database hands each cell over as text, Hong Kong times already
 * formatted: parsing JSON and dates per row in JavaScript cost most of the export's time and its
 * garbage. Leads created after the export starts are left out, so the row count the audit entry
 * states at the start is the count sent.
 */
import { stringify } from "csv-stringify/sync";
import { findDistrict } from "../../lib/core/lists/regions.ts";
import type { Queryable } from "../db/db.ts";
import { recordAudit } from "./audit.ts";
import { type DeskFilters, filterSql, leadsPage, MARKETING_OF_L, type Position } from "./leadDesk.ts";

export type ExportLang = "zh-HK" | "en";
const BATCH = 1000;

const COLUMNS = [
  ["reference", "參考編號", "Reference"],
  ["flow", "表格", "Form"],
  ["created", "登記時間（香港）", "Created (Hong Kong time)"],
  ["last_name", "姓", "Last name"],
  ["first_name", "名", "First name"],
  ["email", "電郵", "E-mail"],
  ["phone_code", "國家／地區號碼", "Country code"],
  ["phone", "電話", "Phone"],
  ["residence", "居住地", "Residence"],
  ["district", "地區", "District"],
  ["marketing", "接收推廣資訊", "Marketing consent"],
  ["partner_contact", "同意合作夥伴聯絡", "Partner may contact"],
  ["documents", "接受的文件版本", "Document versions accepted"],
  ["consented_at", "同意時間（香港）", "Consents given (Hong Kong time)"],
  ["product", "產品", "Product"],
  ["partner", "合作夥伴", "Partner"],
  ["clinic", "診所", "Clinic"],
  ["redeemed_kind", "換領類別", "Redeemed (kind)"],
  ["redeemed_at", "換領時間（香港）", "Redeemed at (Hong Kong time)"],
  ["redeemed_by", "換領職員", "Redeemed by (staff)"],
] as const;

/** A moment as Hong Kong time, `YYYY-MM-DD HH:mm:ss` (sorts as text; Hong Kong keeps UTC+8). */
export function hkTimestamp(iso: string | null | undefined): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? "" : new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** The same in SQL, for a timestamptz `at` (an interval zone counts east of UTC, as ISO does). */
const hkTimestampSql = (at: string) =>
  `to_char(${at} AT TIME ZONE interval '8 hours', 'YYYY-MM-DD HH24:MI:SS')`;

/** Characters a spreadsheet starts a formula with: = + - @, tab, carriage return. */
const FORMULA_START = new Set([61, 43, 45, 64, 9, 13]);

/**
 * OWASP CSV injection: a cell a spreadsheet would run as a formula (starting with = + - @, a tab
 * or a carriage return) gets a leading single quote, so it is shown as text.
 */
export function neutralise(cell: string): string {
  return FORMULA_START.has(cell.charCodeAt(0)) ? `'${cell}` : cell;
}

function yesNo(value: boolean | null, lang: ExportLang): string {
  if (value === null) return "";
  return lang === "en" ? (value ? "yes" : "no") : value ? "是" : "否";
}

const districts = new Map<string, ReturnType<typeof findDistrict>>();
/** findDistrict compares names in three forms: looked up once per code, not once per row. */
function districtOf(code: string) {
  if (!districts.has(code)) districts.set(code, findDistrict(code));
  return districts.get(code);
}

/** One lead as the export reads it: text cells (null when absent), times already in Hong Kong time. */
interface ExportRow {
  id: string;
  at_us: string;
  flow: string;
  created: string;
  last_name: string | null;
  first_name: string | null;
  email: string;
  phone_code: string | null;
  phone: string | null;
  residence: string | null;
  district: string | null;
  district_cn: string | null;
  marketing: boolean;
  partner_contact: string | null;
  documents: string | null;
  accepted_at: string | null;
  product_id: string | null;
  partner: string | null;
  clinic_id: string | null;
  redeemed_kinds: string | null;
  redeemed_ats: string | null;
  redeemed_bys: string | null;
}

const DOCUMENTS_OF_L = "l.details #> '{consents,documents}'";
/** The export's columns over `l` and `red` (its redemptions, joined below), in a row's order. */
const EXPORT_COLUMNS = `l.id, l.flow, ${hkTimestampSql("l.created_at")} AS created,
  l.details ->> 'last_name' AS last_name, l.details ->> 'first_name' AS first_name, l.email,
  l.details ->> 'phone_code' AS phone_code, l.details ->> 'phone' AS phone,
  coalesce(l.details ->> 'residence', CASE WHEN l.details -> 'residence' IS NULL THEN 'HK' END) AS residence,
  l.details #>> '{address,district}' AS district, l.details #>> '{address_cn,district}' AS district_cn,
  ${MARKETING_OF_L} AS marketing, l.details #>> '{consents,partner_contact}' AS partner_contact,
  (SELECT string_agg((d ->> 'kind') || ' ' || (d ->> 'version'), '; ' ORDER BY n)
    FROM jsonb_array_elements(CASE jsonb_typeof(${DOCUMENTS_OF_L}) WHEN 'array' THEN ${DOCUMENTS_OF_L} ELSE '[]' END)
    WITH ORDINALITY AS e(d, n)) AS documents,
  l.details #>> '{consents,accepted_at}' AS accepted_at, l.details ->> 'product_id' AS product_id,
  l.details ->> 'partner' AS partner, l.details ->> 'clinic_id' AS clinic_id,
  red.kinds AS redeemed_kinds, red.ats AS redeemed_ats, red.bys AS redeemed_bys`;
const EXPORT_FROM = `leads l LEFT JOIN LATERAL (SELECT
    string_agg(r.kind, '; ' ORDER BY r.redeemed_at) AS kinds,
    string_agg(${hkTimestampSql("r.redeemed_at")}, '; ' ORDER BY r.redeemed_at) AS ats,
    string_agg(r.staff_id || ' ' || coalesce(r.staff_name, ''), '; ' ORDER BY r.redeemed_at) AS bys
  FROM redemptions r WHERE r.lead_id = l.id) red ON true`;

function rowOf(r: ExportRow, lang: ExportLang, productName: Map<string, string>): string[] {
  const district = r.district ? districtOf(r.district) : undefined;
  const product = r.product_id ? productName.get(r.product_id) : undefined;
  const cells = [
    r.id,
    r.flow,
    r.created,
    r.last_name,
    r.first_name,
    r.email,
    r.phone_code,
    r.phone,
    r.residence,
    district ? (lang === "en" ? district.en : district.zh) : r.district_cn,
    yesNo(r.marketing, lang),
    yesNo(r.partner_contact === null ? null : r.partner_contact === "true", lang),
    r.documents,
    hkTimestamp(r.accepted_at),
    r.product_id ? (product ? `${r.product_id} ${product}` : r.product_id) : "",
    r.partner,
    r.clinic_id,
    r.redeemed_kinds,
    r.redeemed_ats,
    r.redeemed_bys,
  ];
  return cells.map((cell) => neutralise(cell ?? ""));
}

const CSV_OPTIONS = { record_delimiter: "windows" } as const;

/** The file's text: the byte-order mark and header, then one chunk per batch of leads. */
async function* csvChunks(
  q: Queryable,
  filters: DeskFilters,
  upTo: string,
  lang: ExportLang,
): AsyncGenerator<Buffer> {
  yield Buffer.from(
    `\uFEFF${stringify([COLUMNS.map(([, zh, en]) => (lang === "en" ? en : zh))], CSV_OPTIONS)}`,
  );
  const productName = await productNames(q, lang);
  type Batch = { rows: ExportRow[]; next: Position | null };
  const batch = (after?: Position): Promise<Batch> =>
    leadsPage<ExportRow>(q, filters, { after, limit: BATCH, upTo }, EXPORT_COLUMNS, EXPORT_FROM);
  // The next batch is asked for as soon as this one arrives: the database reads it while this one
  // is formatted and sent. One batch ahead, never more.
  let coming: Promise<Batch> | undefined = batch();
  try {
    while (coming) {
      const { rows, next }: Batch = await coming;
      coming = next ? batch(next) : undefined;
      if (rows.length > 0)
        yield Buffer.from(
          stringify(
            rows.map((row) => rowOf(row, lang, productName)),
            CSV_OPTIONS,
          ),
        );
    }
  } finally {
    // A reader gone mid-file leaves a batch in flight: its failure must not go unhandled.
    coming?.catch(() => {});
  }
}

async function productNames(q: Queryable, lang: ExportLang): Promise<Map<string, string>> {
  const { rows } = await q.query<{ id: string; name: string }>(
    `SELECT id, ${lang === "en" ? "name_en" : "name_zh"} AS name FROM products`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The chunks as a web stream that asks for the next batch only when its reader wants more
 * (highWaterMark 0: nothing is read ahead of the socket), and stops reading if the reader goes.
 */
export function pullStream(chunks: AsyncIterable<Buffer>): ReadableStream<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await it.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel() {
        await it.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

export interface ExportStart {
  /** Who exports (a staff id, or `cli`) and from where. */
  actor: string;
  ip: string | null;
  nowMs: number;
}

/**
 * Counts what the filters select (up to now), records `leads.export` with the filters and that
 * count, then returns the CSV's chunks (read lazily, batch by batch). The audit entry is written before the first byte: an
 * export cut short or a crashed server still leaves it.
 */
export async function exportLeads(
  db: Queryable,
  filters: DeskFilters,
  lang: ExportLang,
  who: ExportStart,
): Promise<{ rows: number; chunks: AsyncIterable<Buffer> }> {
  const upTo = String(BigInt(who.nowMs) * 1000n + 999n);
  const params: unknown[] = [];
  const where = filterSql(filters, params);
  params.push(upTo);
  where.push(`l.created_at <= timestamptz 'epoch' + $${params.length}::bigint * interval '1 microsecond'`);
  const counted = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM leads l WHERE ${where.join(" AND ")}`,
    params,
  );
  const rows = Number(counted.rows[0].n);
  const used = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  await recordAudit(db, {
    actor: who.actor,
    action: "leads.export",
    target: null,
    ip: who.ip,
    // Filters only: `q` may be an e-mail, phone or name, so it is recorded as searched, not quoted.
    detail: { filters: { ...used, ...(used.q ? { q: "(search)" } : {}) }, rows, lang },
    atMs: who.nowMs,
  });
  return { rows, chunks: csvChunks(db, filters, upTo, lang) };
}
