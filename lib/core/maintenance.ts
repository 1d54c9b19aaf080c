/** The maintenance check of SPEC §5 as a pure decision; the caller clears flags and navigates. */
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

/**
 * What the maintenance page shows: a message of the record that is blocking now, never text
 * from the link (anyone can craft a link). `requested` (the link's `message=`) only picks among
 * the record's active messages; otherwise the first active one (global, nuForm, recruitment).
 * Null when nothing blocks (the caller shows its generic text).
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
  const wanted = requested?.trim();
  return active.find((m) => m.trim() === wanted) ?? active[0] ?? null;
}
