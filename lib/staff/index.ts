/** The staff tools (docs/rules.md#routes staff area) as React components; `lib/elements/staff.ts` registers them. */

export { LeadDesk, type LeadDeskProps } from "./desk/LeadDesk.tsx";
export type { StaffEventDetails, StaffStep, StaffStepDetail } from "./events.ts";
export { Invoice, type InvoiceProps } from "./Invoice.tsx";
export { InvoiceQrcode, type InvoiceQrcodeProps } from "./InvoiceQrcode.tsx";
export { NutritionistRedeem, type NutritionistRedeemProps } from "./NutritionistRedeem.tsx";
export { RedeemCenter, type RedeemCenterProps } from "./RedeemCenter.tsx";
export { StaffLogin, type StaffLoginProps } from "./StaffLogin.tsx";
export { StaffResult, type StaffResultProps } from "./StaffResult.tsx";
export { StaffVerification, type StaffVerificationProps } from "./StaffVerification.tsx";
