/** The two customer flows as React components (`<nu-form>` and `<nu-recruitment-form>` as elements). */

export { NuForm, type NuFormProps } from "./nuform/NuForm.tsx";
export { RecruitmentForm, type RecruitmentFormProps } from "./recruitment/RecruitmentForm.tsx";
export type { FlowEventDetails } from "./shared/events.ts";
export type { FlowProps } from "./shared/FlowContext.tsx";
