import { NUFORM_BASE, RECRUITMENT_BASE } from "../../core/routes.ts";
import type { Flow } from "../../core/types.ts";

/** The step name of a flow's entry page (its empty path). */
export const ENTRY_STEP = "login";

/** The step a path of this flow names (`/customer/nuForm` → `login`). */
export function stepFromPath(flow: Flow, path: string): string {
  const base = flow === "nuform" ? NUFORM_BASE : RECRUITMENT_BASE;
  const pathname = new URL(path, "https://nu-forms.invalid").pathname.replace(/\/+$/, "");
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : ENTRY_STEP;
}
