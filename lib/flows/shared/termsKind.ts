import type { TncKind } from "../../core/types.ts";
import type { FlowDraft } from "./flowDraft.ts";

/** Which terms page a customer gets: a partner's, the existing customers', or the new customers'. */
export function termsKind(draft: FlowDraft, existing: boolean): TncKind {
  if (draft.partner) return "partnership";
  return existing ? "existing" : "new";
}
