/**
 * Creating the lead: one body shape for both flows, one idempotency key per draft (a retry after
 * a failure, a time-out or a reload sends the same key, so the server makes one lead), and a
 * 409 LEAD_EXISTS taken as "the lead is there" with its id.
 */
import { type ApiClient, ApiError } from "../../api/index.ts";
import type { Flow, NewLead, TncKind } from "../../core/types.ts";
import { setFlag } from "../../state/index.ts";
import { clearDraft, type FlowDraft } from "./flowDraft.ts";
import { flowSession } from "./flowSession.ts";

export { termsKind } from "./termsKind.ts";

export function leadBody(flow: Flow, draft: FlowDraft, email: string, tnc: TncKind): NewLead {
  const hk = draft.residence !== "CN";
  const body: NewLead = {
    flow,
    email,
    last_name: draft.last_name.trim(),
    first_name: draft.first_name.trim(),
    phone_code: draft.phone_code,
    phone: draft.phone,
    residence: hk ? "HK" : "CN",
    consents: { ...draft.consents },
    tnc,
    partner: draft.partner || null,
  };
  if (hk) {
    body.address = draft.address;
    body.address_en = draft.address_en;
  } else {
    body.address_cn = draft.address_cn;
  }
  return body;
}

/** POST /api/lead with the draft's key → the lead id (also when the lead already existed). */
export async function createLeadOnce(api: ApiClient, body: NewLead, idempotencyKey: string): Promise<string> {
  try {
    const lead = await api.createLead(body, idempotencyKey);
    return lead.id;
  } catch (error) {
    const existingId = (error instanceof ApiError && error.code === "LEAD_EXISTS" ? error.data[0] : null) as {
      id?: unknown;
    } | null;
    if (existingId && typeof existingId.id === "string") return existingId.id;
    throw error;
  }
}

/** The lead exists: SPEC's isInserted, the id for member redemption, and no draft left behind. */
export function leadCreated(flow: Flow, leadId: string): void {
  setFlag("isInserted", true);
  flowSession(flow).setKey("leadId", leadId);
  clearDraft(flow);
}
