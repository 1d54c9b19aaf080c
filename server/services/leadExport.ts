/**
 * The lead export (`GET /api/admin/leads.csv`, `npm run leads:export`): the desk's filters, one
 * row per lead, read from the database in keyset batches as the reader takes them (memory stays
 * flat whatever the size), each batch written by csv-stringify as one chunk (a chunk per row cost a
 * socket write per row), after the UTF-8 byte-order mark (Excel reads Chinese right only with it). Leads created after the export starts are left out, so the row
 * count the audit entry states at the start is the count sent.
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { findDistrict } from "../../lib/core/lists/regions.ts";
import type { Lead } from "../../lib/core/types.ts";
import type { Queryable } from "../db/db.ts";
import { recordAudit } from "./audit.ts";
import { type DeskFilters, deskLeadOf, filterSql, leadsPage, type Position } from "./leadDesk.ts";

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

/**
 * OWASP CSV injection: a cell a spreadsheet would run as a formula (starting with = + - @, a tab
 * or a carriage return) gets a leading single quote, so it is shown as text.
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function yesNo(value: boolean | undefined, lang: ExportLang): string {
  if (value === undefined) return "";
  return lang === "en" ? (value ? "yes" : "no") : value ? "是" : "否";
}

const districts = new Map<string, ReturnType<typeof findDistrict>>();
/** findDistrict compares names in three forms: looked up once per code, not once per row. */
function districtOf(code: string) {
  if (!districts.has(code)) districts.set(code, findDistrict(code));
  return districts.get(code);
}

function rowOf(lead: Lead & { marketing: boolean; product_name: string | null }, lang: ExportLang): string[] {
  const district = lead.address ? districtOf(lead.address.district) : undefined;
  const consents = lead.consents as Lead["consents"] & { partner_contact?: boolean };
  const redemptions = lead.redemptions;
  const cells = [
    lead.id,
    lead.flow,
    hkTimestamp(lead.created_at),
    lead.last_name,
    lead.first_name,
    lead.email,
    lead.phone_code,
    lead.phone,
    lead.residence,
    district ? (lang === "en" ? district.en : district.zh) : (lead.address_cn?.district ?? ""),
    yesNo(lead.marketing, lang),
    yesNo(consents?.partner_contact, lang),
    (consents?.documents ?? []).map((d) => `${d.kind} ${d.version}`).join("; "),
    hkTimestamp(consents?.accepted_at),
    lead.product_id ? `${lead.product_id}${lead.product_name ? ` ${lead.product_name}` : ""}` : "",
    lead.partner ?? "",
    lead.clinic_id ?? "",
    redemptions.map((r) => r.kind).join("; "),
    redemptions.map((r) => hkTimestamp(r.redeemed_at)).join("; "),
    redemptions.map((r) => `${r.staff_id} ${r.staff_name}`).join("; "),
  ];
  return cells.map((cell) => neutralise(String(cell ?? "")));
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
  let after: Position | undefined;
  const productName = await productNames(q, lang);
  for (;;) {
    const { rows, next } = await leadsPage(q, filters, { after, limit: BATCH, upTo });
    const cells = rows.map((row) => {
      const lead = deskLeadOf(row, true);
      return rowOf({ ...lead, product_name: productName.get(lead.product_id ?? "") ?? null }, lang);
    });
    if (cells.length > 0) yield Buffer.from(stringify(cells, CSV_OPTIONS));
    if (!next) return;
    after = next;
  }
}

async function productNames(q: Queryable, lang: ExportLang): Promise<Map<string, string>> {
  const { rows } = await q.query<{ id: string; name: string }>(
    `SELECT id, ${lang === "en" ? "name_en" : "name_zh"} AS name FROM products`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface ExportStart {
  /** Who exports (a staff id, or `cli`) and from where. */
  actor: string;
  ip: string | null;
  nowMs: number;
}

/**
 * Counts what the filters select (up to now), records `leads.export` with the filters and that
 * count, then returns the CSV as a stream. The audit entry is written before the first byte: an
 * export cut short or a crashed server still leaves it.
 */
export async function exportLeads(
  db: Queryable,
  filters: DeskFilters,
  lang: ExportLang,
  who: ExportStart,
): Promise<{ rows: number; stream: Readable }> {
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
  return { rows, stream: Readable.from(csvChunks(db, filters, upTo, lang)) };
}
