/**
 * Events of the staff elements. A staff tool never navigates itself: it asks its page to move with
 * `nu-step`, naming a staff page (`verification`, `result`, `redeem_center`, `nutritionist_redeem`,
 * `invoice_qrcode`, `leads`, `home`) and the query it needs. The lead desk
 * sends its place as `path` (`/staff/leads?…`). After sign-in, `path` is the saved page to
 * return to (already checked to be a path on this site); a page should prefer it when present.
 */
export type StaffStep =
  | "home"
  | "verification"
  | "result"
  | "redeem_center"
  | "nutritionist_redeem"
  | "invoice_qrcode"
  | "leads";

export interface StaffStepDetail {
  step: StaffStep;
  /** Query parameters of the target page, e.g. `{ id: "NU4K7P2QXM" }`. */
  params?: Record<string, string>;
  /** A full same-site path to go to instead (`/staff/result?id=…`). */
  path?: string;
}

export interface StaffEventDetails {
  "nu-step": StaffStepDetail;
  "nu-error": { code: string; message: string };
}

/** `/staff/<step>?<params>`: the URL the host pages give a staff step. */
export function staffStepPath(detail: StaffStepDetail): string {
  if (detail.path) return detail.path;
  const query = new URLSearchParams(detail.params ?? {}).toString();
  return `/staff/${detail.step}${query ? `?${query}` : ""}`;
}
