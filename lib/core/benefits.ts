import type { Flow, Lead, RedemptionKind } from "./types.ts";

/**
 * What each flow's member QR code is redeemed for: the nutritionist consultation comes with the
 * recruitment form only. One rule for the customer's page and the counter's.
 */
const OFFERED: Record<Flow, readonly RedemptionKind[]> = {
  nuform: ["member"],
  recruitment: ["member", "nutritionist"],
};

/** Whether a lead of `flow` was offered `kind` (an unknown flow: what nuForm offers). */
export function offers(flow: string | undefined, kind: RedemptionKind): boolean {
  return (OFFERED[flow as Flow] ?? OFFERED.nuform).includes(kind);
}

/**
 * The redemptions to show for a lead: those its flow offers, and one staff recorded anyway (an
 * older lead, a supervisor's exception), so nothing done is hidden.
 */
export function shownKinds(lead: Pick<Lead, "flow" | "redemptions">): RedemptionKind[] {
  return (["member", "nutritionist"] as const).filter(
    (kind) => offers(lead.flow, kind) || (lead.redemptions ?? []).some((r) => r.kind === kind),
  );
}
