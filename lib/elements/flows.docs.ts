/**
 * The documentation of the elements that flows.ts registers, for custom-elements.json (see
 * build/custom-elements-manifest.ts). Kept apart from the registrations so the bundle never
 * carries it; the generator fails when the two disagree.
 */
import type { flowProps } from "./flows.ts";
import type { AttributeDoc, ElementDoc, EventDoc } from "./meta.ts";

const flowAttributeDocs = (steps: string): Record<keyof typeof flowProps, AttributeDoc> => ({
  step: {
    description: `The step to show, driven by the host page: \`login\` (the entry page), ${steps}. Absent: the element moves through its own steps.`,
  },
  partner: {
    description:
      "Partner code of the brand or clinic that sent the customer (letters, digits, `-`, `_`, at most 40).",
  },
  alsUrl: {
    description:
      'Address Lookup Service URL. Default: `<meta name="nu-forms:als-url">`, `configure({ alsUrl })`, the API server\'s `ALS_URL` (named in its answers), else https://www.als.gov.hk/lookup.',
  },
  history: {
    tsType: '"steps" | "none"',
    default: "steps",
    description:
      "Self-driven only: `steps` adds each step to the page's history (same URL), so Back shows the previous step and Forward returns; `none` leaves the page's history alone.",
  },
});

const flowEvents: Record<`nu-${string}`, EventDoc> = {
  "nu-step": {
    detail: "{ step: string }",
    description:
      "The flow wants to show `step`: host-driven, the page should set `step`; self-driven, the element has moved.",
  },
  "nu-submit": {
    detail: "{ leadId: string }",
    description: "The lead was created; `leadId` is its reference (NU…).",
  },
  "nu-error": {
    detail: "{ code: string; message: string }",
    description:
      "A call failed (the form shows the message too); `LOAD_FAILED` when the form's code did not load.",
  },
  // The widgets inside a flow dispatch composed events, so the page hears them too.
  "nu-change": {
    detail: "{ value: unknown }",
    description: "A field inside the form changed (from its widget).",
  },
  "nu-send": {
    detail: "{ email: string }",
    description: "發送電郵 was pressed on the sign-in step (from its widget).",
  },
};

/** The recruitment form's baby step has a calendar, and its member page hands over to nuForm. */
const recruitmentEvents: Record<`nu-${string}`, EventDoc> = {
  "nu-step": {
    detail: "{ step: string; path?: string }",
    description:
      'The flow wants to show `step`: host-driven, the page should set `step`; self-driven, the element has moved. The hand-over to nuForm\'s product step is `{ step: "nuform:product", path: "/customer/nuForm/product" }`: the element does not navigate, the page routes `path` or shows a `<nu-form>`.',
  },
  "nu-confirm": { detail: "{ value?: string }", description: "The calendar inside the form was confirmed." },
  "nu-cancel": { detail: "{}", description: "The calendar inside the form was cancelled." },
};

export const FLOW_DOCS: ElementDoc[] = [
  {
    tag: "nu-form",
    reactExport: "NuForm",
    source: "flows/nuform/NuForm.tsx",
    summary: "The whole nuForm enrolment: e-mail sign-in, personal info, terms, product, member QR code.",
    attributes: flowAttributeDocs(
      "personInfoHK, personInfoCN, TnCNew, TnCExisting, TnCPartnership, product, memberRedemption",
    ),
    events: flowEvents,
  },
  {
    tag: "nu-recruitment-form",
    reactExport: "RecruitmentForm",
    source: "flows/recruitment/RecruitmentForm.tsx",
    summary:
      "The whole recruitment form: sign-in, personal info, terms, partner clinic, baby, member QR code.",
    attributes: flowAttributeDocs(
      "personInfo, termsAndConditions, cooperativePartner, babyInfo, lookingForward, memberRedemption",
    ),
    events: { ...flowEvents, ...recruitmentEvents },
  },
];
