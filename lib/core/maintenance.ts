/** The maintenance check of docs/rules.md#maintenance as a pure decision; the caller clears flags and navigates. */
import { type FlagKey, SIGN_IN_FLAG_KEYS } from "./storageKeys.ts";
import type { Flow, MaintenanceRecord } from "./types.ts";

export type MaintenanceDecision =
  | { blocked: false }
  | {
      blocked: true;
      scope: "global" | Flow;
      message: string;
      redirectTo: string;
      clearFlags: FlagKey[];
    };

export interface MaintenanceInput {
  record: MaintenanceRecord | null | undefined;
  flow: Flow;
  nowMs?: number;
  /** The maintenance page (`/maintenance`, or an absolute URL; may already carry a query). */
  pageUrl: string;
}

/** `pageUrl` with `message=…` added to its query (before any #fragment). */
export function maintenanceRedirect(pageUrl: string, message: string): string {
  const hashAt = pageUrl.indexOf("#");
  const base = hashAt >= 0 ? pageUrl.slice(0, hashAt) : pageUrl;
  const hash = hashAt >= 0 ? pageUrl.slice(hashAt) : "";
  const joiner = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${joiner}message=${encodeURIComponent(message)}${hash}`;
}

/** Whether the nuForm's online date is still ahead; an empty or unreadable date never blocks. */
function beforeOnlineDate(onlineDate: string, nowMs: number): boolean {
  const at = Date.parse(onlineDate);
  return !Number.isNaN(at) && nowMs < at;
}

export function maintenanceDecision({
  record,
  flow,
  nowMs = Date.now(),
  pageUrl,
}: MaintenanceInput): MaintenanceDecision {
  if (record?.environment !== "prod") return { blocked: false };
  const block = (scope: "global" | Flow, message: string, clearFlags: FlagKey[]): MaintenanceDecision => ({
    blocked: true,
    scope,
    message,
    redirectTo: maintenanceRedirect(pageUrl, message),
    clearFlags,
  });
  if (record.enable_maintenance === "true") {
    return block("global", record.maintenance_messages, [...SIGN_IN_FLAG_KEYS]);
  }
  if (
    flow === "nuform" &&
    (record.enable_maintenance_nuform === "true" || beforeOnlineDate(record.nuform_online_date, nowMs))
  ) {
    return block("nuform", record.maintenance_messages_nuform, []);
  }
  if (flow === "recruitment" && record.enable_maintenance_reform === "true") {
    return block("recruitment", record.maintenance_messages_reform, []);
  }
  return { blocked: false };
}

/** The longest link message the maintenance page shows (a real notice is a sentence or two). */
export const LINK_MESSAGE_MAX_LENGTH = 200;

/**
 * What a scam needs to reach people: a web address or domain, an e-mail or social handle, a phone
 * number (8 digits, as Hong Kong's, with or without a country code).
 */
const CONTACT_DETAILS =
  /@|https?:|www\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b|(?<!\d)(?:\+?\d{1,3}[\s-]?)?\d{4}[\s-]?\d{4}(?!\d)/i;

/** What a maintenance notice never asks for, and a scam does: codes, passwords, money, an account. */
const SCAM_WORDS =
  /驗證碼|密碼|帳|賬|信用卡|付款|銀行|解鎖|凍結|otp|password|passcode|verif|account|credit card|bank|payment|unlock|\bcodes?\b/i;

/** 0 to 9 in Chinese, each in its common and its banking form. */
const CHINESE_DIGITS = "〇零一壹二貳三參四肆五伍六陸七柒八捌九玖";

/**
 * The text as the checks read it, with the usual disguises undone: full-width letters, digits and
 * stops (NFKC), the ideographic full stop and `[.]` / `(dot)` for a dot, digits written in Chinese.
 */
function undisguised(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\s*(?:。|[[(]\s*(?:\.|dot)\s*[\])])\s*/gi, ".")
    .replace(new RegExp(`[${CHINESE_DIGITS}]`, "g"), (c) => String(CHINESE_DIGITS.indexOf(c) >> 1));
}

/**
 * Whether a link's own text may be shown as a notice: short, one plain line, no contact details,
 * nothing a scam asks for.
 */
export function isPlainNotice(text: string): boolean {
  if (text.length > LINK_MESSAGE_MAX_LENGTH || /[\p{Cc}\p{Cf}]/u.test(text)) return false;
  const plain = undisguised(text);
  return !CONTACT_DETAILS.test(plain) && !SCAM_WORDS.test(plain);
}

/**
 * What the maintenance page shows (docs/rules.md#maintenance: "the message passed to it"): the link's `message=`
 * when it is one of the record's messages blocking now; else the first of those (global, nuForm,
 * recruitment), since the record is the truth while something is blocked; with nothing blocking,
 * the link's text itself, unless it carries contact details (anyone can craft a link, and the
 * page is on the brand's domain: a scam's phone number or web address is never shown there).
 * Null when there is nothing to show (the caller shows its generic text).
 */
export function maintenancePageMessage(
  record: MaintenanceRecord | null | undefined,
  requested: string | null | undefined,
  nowMs = Date.now(),
): string | null {
  const active: string[] = [];
  for (const flow of ["nuform", "recruitment"] as const) {
    const verdict = maintenanceDecision({ record, flow, nowMs, pageUrl: "/" });
    if (verdict.blocked && verdict.message.trim() !== "") active.push(verdict.message);
  }
  const wanted = requested?.trim() ?? "";
  const fromRecord = active.find((m) => m.trim() === wanted) ?? active[0];
  if (fromRecord !== undefined) return fromRecord;
  return wanted !== "" && isPlainNotice(wanted) ? wanted : null;
}
