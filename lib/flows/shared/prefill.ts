import type { ApiClient } from "../../api/index.ts";
import type { Flow } from "../../core/types.ts";
import { getDraft, updateDraft } from "./flowDraft.ts";

/**
 * An existing customer (a lead of the other flow) starts with what they gave last time: names,
 * phone and address fill the fields the draft has not got yet. Best effort: a failure only means
 * typing it again.
 */
export async function prefillFromLead(api: ApiClient, flow: Flow, leadId: string): Promise<void> {
  try {
    const lead = await api.getLead(leadId);
    const draft = getDraft(flow);
    updateDraft(flow, {
      last_name: draft.last_name || lead.last_name || "",
      first_name: draft.first_name || lead.first_name || "",
      phone_code: draft.phone ? draft.phone_code : lead.phone_code || draft.phone_code,
      phone: draft.phone || lead.phone || "",
      residence: draft.residence || lead.residence || "",
      address: draft.address ?? lead.address ?? null,
      address_en: draft.address_en ?? lead.address_en ?? null,
      address_cn:
        draft.address_cn.detail || !lead.address_cn
          ? draft.address_cn
          : { ...draft.address_cn, ...lead.address_cn },
    });
  } catch {
    // Nothing to prefill.
  }
}
