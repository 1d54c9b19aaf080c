// What runtime.noteSignInReason loads: see errorMessage.ts (the `flow` chunk needs no namespace object).
export { noteSignInReason } from "../../flows/shared/flowSession.ts";
