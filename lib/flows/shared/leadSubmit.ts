/**
 * Creating the lead: one body shape for both flows, one idempotency key per draft (a retry after
 * a failure, a time-out or a reload sends the same key, so the server makes one lead), and a
 * 409 LEAD_EXISTS taken as "the lead is there" with its id.
 */
import { type ApiClient, ApiError } from "../../api/index.ts";
import type { Consents, Flow, LeadPatch, NewLead, TncKind } from "../../core/types.ts";
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

/**
 * POST /api/lead with the draft's key → the lead id (also when the lead already existed). When it
 * existed, the answers the customer confirmed now are what the lead keeps (docs/flows.md, "Draft,
 * retries and one lead per enrolment"): the fields that differ are changed with a PATCH.
 */
export async function createLeadOnce(api: ApiClient, body: NewLead, idempotencyKey: string): Promise<string> {
  try {
    const lead = await api.createLead(body, idempotencyKey);
    return lead.id;
  } catch (error) {
    const existingId = (error instanceof ApiError && error.code === "LEAD_EXISTS" ? error.data[0] : null) as {
      id?: unknown;
    } | null;
    if (!existingId || typeof existingId.id !== "string") throw error;
    await keepLatestAnswers(api, existingId.id, body);
    return existingId.id;
  }
}

/**
 * What the customer typed or ticked. `tnc` and `partner` are not answers (the sign-in and the
 * page's link set them): the lead keeps the ones it was made with.
 */
const ANSWERS = [
  "last_name",
  "first_name",
  "phone_code",
  "phone",
  "residence",
  "address",
  "address_en",
  "address_cn",
  "consents",
  "clinic_id",
  "baby",
] as const;

/** JSON with sorted keys, without empty values (the stored lead and the body may differ there). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, inner]) => inner != null)
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}

/** The consent choices, not when or on which versions they were recorded. */
const choices = (c: Consents | undefined) =>
  c && [c.terms, c.privacy, c.marketing, c.partner_contact].map(Boolean).join();

/** The lead was made with earlier answers (a lost answer, another tab): it takes the ones sent now. */
async function keepLatestAnswers(api: ApiClient, id: string, body: NewLead): Promise<void> {
  const lead = await api.getLead(id);
  const patch: LeadPatch = { id };
  for (const name of ANSWERS) {
    if (!(name in body)) continue;
    const changed =
      name === "consents"
        ? choices(body.consents) !== choices(lead.consents)
        : canonical(body[name] ?? null) !== canonical(lead[name] ?? null);
    if (changed) Object.assign(patch, { [name]: body[name] ?? null });
  }
  // Moving between Hong Kong and the Mainland leaves no address of the other place behind.
  if (patch.residence === "CN") Object.assign(patch, { address: null, address_en: null });
  if (patch.residence === "HK") patch.address_cn = null;
  if (Object.keys(patch).length > 1) await api.patchLead(patch);
}

/** The lead exists: isInserted (docs/rules.md#guards), the id for member redemption, and no draft left behind. */
export function leadCreated(flow: Flow, leadId: string): void {
  setFlag("isInserted", true);
  flowSession(flow).setKey("leadId", leadId);
  flowSession(flow).setKey("justRegistered", "true");
  clearDraft(flow);
}
