/**
 * The two customer flows as custom elements (docs/elements.md): `<nu-form>` and
 * `<nu-recruitment-form>`. With a `step` attribute the host drives the steps; without one the
 * element moves through its own steps. Both emit `nu-step`, `nu-submit` and `nu-error`.
 */
import { registerElements } from "./define.ts";
import type { ElementDefinition } from "./meta.ts";

export const flowProps = { step: "string", partner: "string", alsUrl: "string", history: "string" } as const;

export const FLOW_ELEMENTS: ElementDefinition[] = [
  {
    tag: "nu-form",
    load: () => import("../flows/nuform/NuForm.tsx").then((m) => m.NuForm),
    props: flowProps,
  },
  {
    tag: "nu-recruitment-form",
    load: () => import("../flows/recruitment/RecruitmentForm.tsx").then((m) => m.RecruitmentForm),
    props: flowProps,
  },
];

// The flows' first step (sign-in) needs only its own texts; later steps load the rest (catalogues.ts).
registerElements(FLOW_ELEMENTS, "sign-in");
