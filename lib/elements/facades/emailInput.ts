// The `<nu-email-input>` loader's target: see errorMessage.ts (EmailInput lives in the `flow` chunk).
export { EmailInput } from "../../widgets/EmailInput.tsx";
