/**
 * The smallest lead body the API takes (陳大文 in Hong Kong). Apart from harness.ts so the e2e
 * helpers take it without loading the server's modules.
 */
export function newLeadBody(
  email: string,
  flow: "nuform" | "recruitment" = "nuform",
): Record<string, unknown> {
  return {
    flow,
    email,
    last_name: "陳",
    first_name: "大文",
    phone_code: "852",
    phone: "91234567",
    consents: { terms: true, privacy: true, marketing: false },
  };
}
