/**
 * The access report as a spreadsheet: UTF-8 with a byte-order mark (Excel then reads the Chinese
 * as Chinese), one row per value: which record (lead, consent, redemption, invoice, mail), the
 * lead it belongs to, its time, the field (a dotted path inside addresses, the baby …) and the
 * value. A value a spreadsheet would run as a formula is written with a leading apostrophe.
 */
import { stringify } from "csv-stringify/sync";
import { neutralise } from "./leadExport.ts";
import type { SubjectReport } from "./privacy.ts";

function cell(value: unknown): string {
  return neutralise(value === null || value === undefined ? "" : String(value));
}

function leaves(value: unknown, prefix: string, out: [string, unknown][]): void {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    if (entries.length === 0) out.push([prefix, ""]);
    for (const [key, inner] of entries) leaves(inner, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  out.push([prefix, value]);
}

export function subjectCsv(report: SubjectReport): string {
  const rows: string[][] = [["record", "lead_id", "at", "field", "value"]];
  const add = (record: string, leadId: string, at: string, value: object) => {
    const fields: [string, unknown][] = [];
    leaves(value, "", fields);
    for (const [field, v] of fields) rows.push([record, leadId, at, field, cell(v)]);
  };
  for (const { redemptions: _listedBelow, ...lead } of report.leads)
    add("lead", lead.id, lead.created_at, lead);
  for (const { lead_id, ...c } of report.consents) add("consent", lead_id, c.at, c);
  for (const { lead_id, ...r } of report.redemptions) add("redemption", lead_id, r.redeemed_at, r);
  for (const i of report.invoices) add("invoice", i.lead_id, i.created_at, { id: i.id, ...i.details });
  for (const m of report.mails) add("mail", "", m.created_at, m);
  return `\uFEFF${stringify(rows, { record_delimiter: "\r\n" })}`;
}
