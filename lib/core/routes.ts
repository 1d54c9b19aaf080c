/** Every URL the host pages answer (docs/rules.md#routes). The server answers 404 for anything else. */
export const NUFORM_BASE = "/customer/nuForm";
export const RECRUITMENT_BASE = "/customer/recruitmentForm";

export const NUFORM_STEPS = [
  "personInfoHK",
  "personInfoCN",
  "TnCNew",
  "TnCExisting",
  "TnCPartnership",
  "product",
  "memberRedemption",
] as const;
export type NuformStep = "" | (typeof NUFORM_STEPS)[number];

export const RECRUITMENT_STEPS = [
  "personInfo",
  "termsAndConditions",
  "cooperativePartner",
  "babyInfo",
  "memberRedemption",
  "lookingForward",
] as const;
export type RecruitmentStep = "" | (typeof RECRUITMENT_STEPS)[number];

/** The staff sign-in, or the tools once signed in. */
export const STAFF_HOME = "/staff/home";

export const STAFF_GUARDED_PAGES = [
  "verification",
  "nutritionist_redeem",
  "result",
  "redeem_center",
  "invoice_qrcode",
  "leads",
] as const;

export const HOST_ROUTES: readonly string[] = [
  "/",
  NUFORM_BASE,
  ...NUFORM_STEPS.map((s) => `${NUFORM_BASE}/${s}`),
  RECRUITMENT_BASE,
  ...RECRUITMENT_STEPS.map((s) => `${RECRUITMENT_BASE}/${s}`),
  STAFF_HOME,
  ...STAFF_GUARDED_PAGES.map((p) => `/staff/${p}`),
  "/staff/invoice",
  "/maintenance",
];

/**
 * True when `pathname` (no query) is a host route. Trailing slashes are ignored; case matters,
 * except in a staff page's name: the staff guard compares paths in lower case (docs/rules.md#staff), and the
 * staff pages answer `/staff/Verification` as `/staff/verification`.
 */
export function isHostRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const path = trimmed.startsWith("/staff/") ? trimmed.toLowerCase() : trimmed;
  return HOST_ROUTES.includes(path);
}
