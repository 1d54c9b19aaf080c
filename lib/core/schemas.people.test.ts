import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { leadCreateSchema } from "./schemas.ts";

const body = (patch: Record<string, unknown>) => ({
  flow: "nuform",
  email: "a@b.hk",
  last_name: "陳",
  first_name: "大文",
  phone_code: "852",
  phone: "91234567",
  consents: { terms: true, privacy: true, marketing: false },
  ...patch,
});

/** The browser's checks and the server's are this one schema; these are the Hong Kong rules. */
describe("lead schema: names and phone numbers", () => {
  it.each([
    { last_name: "O'Brien", first_name: "Mary-Jane" },
    { last_name: "St. John", first_name: "Zoë" },
    { phone_code: "852", phone: "2123 4567" },
    { phone_code: "853", phone: "66123456" },
    { phone_code: "86", phone: "138-0013-8000" },
  ])("accepts %j", (patch) => {
    expect(v.safeParse(leadCreateSchema, body(patch)).success).toBe(true);
  });
  it.each([
    { last_name: "Chan2" },
    { first_name: "🙂" },
    { phone_code: "852", phone: "12345678" },
    { phone_code: "853", phone: "88123456" },
    { phone_code: "86", phone: "23800138000" },
  ])("refuses %j", (patch) => {
    expect(v.safeParse(leadCreateSchema, body(patch)).success).toBe(false);
  });
});
