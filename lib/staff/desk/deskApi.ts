/**
 * The admin calls the lead desk makes (docs/api.md): typed over the client's `call`, which sends
 * the API key and the staff token and reads the envelope. Files (CSV, the subject's JSON) are
 * fetched as blobs with the same headers, since a plain link could not send the token.
 */

import { codeForStatus, isErrorCode } from "../../api/errors.ts";
import type { ApiClient } from "../../api/index.ts";
import { ApiError } from "../../api/index.ts";
import type { AuditRecord, ConsentEvent, DeskLead, DeskLeadDetail, FunnelDay } from "../../core/leadDesk.ts";
import type { Lead, Redemption } from "../../core/types.ts";

export type {
  AuditRecord,
  ConsentEvent,
  DeskLead,
  DeskLeadDetail,
  FunnelDay,
  LeadChange,
} from "../../core/leadDesk.ts";

export type DeliveryState = "pending" | "delivered" | "failed" | "stopped";

export interface Delivery {
  id: string | number;
  event_id: string;
  type: string;
  endpoint: string;
  state: DeliveryState;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  last_at: string | null;
  next_at: string | null;
  created_at: string;
}

export interface Page<T> {
  rows: T[];
  next: string | null;
}

export interface SubjectRecord {
  email: string;
  leads: Lead[];
  consents: (ConsentEvent & { lead_id: string })[];
  redemptions: (Redemption & { lead_id: string })[];
}

async function page<T>(client: ApiClient, path: string, query: string): Promise<Page<T>> {
  const envelope = await client.call<T>("get", query ? `${path}?${query}` : path);
  const next = (envelope as { next_cursor?: unknown }).next_cursor;
  return { rows: envelope.Data, next: typeof next === "string" && next ? next : null };
}

const withCursor = (query: string, cursor?: string) => {
  const params = new URLSearchParams(query);
  if (cursor) params.set("cursor", cursor);
  return params.toString();
};

export function deskApi(client: ApiClient) {
  const first = async <T>(method: string, path: string, json?: unknown) => {
    const envelope = await client.call<T>(method, path, json === undefined ? undefined : { json });
    return envelope.Data[0];
  };
  return {
    leads: (query: string, cursor?: string) =>
      page<DeskLead>(client, "admin/leads", withCursor(query, cursor)),
    lead: (id: string) => first<DeskLeadDetail>("get", `admin/leads/${encodeURIComponent(id)}`),
    audit: (query: string, cursor?: string) =>
      page<AuditRecord>(client, "admin/audit", withCursor(query, cursor)),
    funnel: (query: string) => page<FunnelDay>(client, "admin/funnel", query).then((p) => p.rows),
    deliveries: (cursor?: string) =>
      page<Delivery>(client, "admin/webhooks/deliveries", withCursor("", cursor)),
    retryDelivery: (id: string | number) =>
      first<Delivery>("post", `admin/webhooks/deliveries/${encodeURIComponent(String(id))}/retry`),
    testWebhook: () => first<{ event_id: string }>("post", "admin/webhooks/test"),
    withdrawMarketing: (id: string) =>
      first<{ marketing: boolean }>("post", `admin/leads/${encodeURIComponent(id)}/marketing`, {
        given: false,
      }),
    subject: (email: string) =>
      first<SubjectRecord>("get", `admin/subjects?${new URLSearchParams({ email }).toString()}`),
    erase: (email: string) => first<{ erased_leads: number }>("post", "admin/subjects/erase", { email }),
  };
}

export type DeskApi = ReturnType<typeof deskApi>;

/** A file the API answers (CSV), with its name from `Content-Disposition` or `fallback`. */
export async function fetchFile(
  url: string,
  headers: Record<string, string>,
  fallback: string,
): Promise<{ blob: Blob; name: string }> {
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiError({ status: 0, code: "NETWORK", message: "" });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { Error?: unknown; Message?: string } | null;
    const code = isErrorCode(body?.Error) ? body.Error : codeForStatus(response.status);
    throw new ApiError({ status: response.status, code, message: body?.Message ?? "" });
  }
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), name: named ? decodeURIComponent(named) : fallback };
}

/** Saves a blob as a download named `name` (the browser's own download, no new tab). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the blob over to the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
