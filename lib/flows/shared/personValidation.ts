/**
 * Checks of the personal-info steps with the lead schema's own rules (lib/core/schemas.ts: what
 * `POST /api/lead` refuses, the step refuses), worded per field in the customer's language.
 */
import { addressMissing, emptyAddress } from "../../core/address.ts";
import type { MessageKey } from "../../core/i18n/index.ts";
import { isPhoneCode, PHONE_CODES, type PhoneCode } from "../../core/lists/phoneCodes.ts";
import {
  checkFields,
  type FieldProblem,
  LIMITS,
  mainlandAddressSchema,
  personSchema,
} from "../../core/schemas.ts";
import type { MainlandAddress } from "../../core/types.ts";
import type { Translate } from "../../ui/useT.ts";
import type { FlowDraft } from "./flowDraft.ts";

export type PersonField =
  | "last_name"
  | "first_name"
  | "phone_code"
  | "phone"
  | "province"
  | "city"
  | "district"
  | "detail";
export type PersonErrors = Partial<Record<PersonField, string>>;

const PHONE_RULE: Record<PhoneCode, MessageKey> = {
  "852": "phone.rule.hongKong",
  "853": "phone.rule.macau",
  "86": "phone.rule.mainland",
};

export function phoneRuleText(code: string, t: Translate): string {
  if (!isPhoneCode(code)) return t("common.invalidPhone");
  const label = PHONE_CODES.find((c) => c.value === code)?.label ?? code;
  return t("common.invalidPhoneFor", { code: label, rule: t(PHONE_RULE[code]) });
}

type TextField = "last_name" | "first_name" | keyof MainlandAddress;

/**
 * The text of each problem the lead schema finds in a name or mainland address field, and the
 * field's length limit in that schema (the `{max}` of the text). A problem without a text here
 * (a control character in an address) is left to the server, which names the field.
 */
const NAME_TEXT: Partial<Record<FieldProblem, MessageKey>> = {
  required: "common.required",
  too_long: "flows.person.tooLong",
  format: "flows.person.nameChars",
};
const ADDRESS_TEXT: Partial<Record<FieldProblem, MessageKey>> = {
  required: "common.required",
  too_long: "flows.person.tooLong",
};
const MAX_LENGTH: Record<TextField, number> = {
  last_name: LIMITS.name,
  first_name: LIMITS.name,
  province: LIMITS.shortText,
  city: LIMITS.shortText,
  district: LIMITS.shortText,
  detail: LIMITS.text,
};

export function validatePerson(
  draft: FlowDraft,
  variant: "HK" | "CN",
  t: Translate,
): { errors: PersonErrors; addressIncomplete: boolean } {
  const errors: PersonErrors = {};
  const say = (field: TextField, problem: FieldProblem | undefined, texts: typeof NAME_TEXT) => {
    const key = problem && texts[problem];
    if (key) errors[field] = t(key, { max: MAX_LENGTH[field] });
  };
  const { last_name, first_name, phone_code, phone } = draft;
  const person = checkFields(personSchema, { last_name, first_name, phone_code, phone });
  const problems = person.ok ? {} : person.problems;
  say("last_name", problems.last_name, NAME_TEXT);
  say("first_name", problems.first_name, NAME_TEXT);
  // The number is judged against its code only once the code is one of the list's.
  if (problems.phone_code) errors.phone_code = t("phone.codeRequired");
  else if (problems.phone === "required") errors.phone = t("common.required");
  else if (problems.phone) errors.phone = phoneRuleText(phone_code, t);

  let addressIncomplete = false;
  if (variant === "HK") {
    addressIncomplete = addressMissing(draft.address ?? emptyAddress()).length > 0;
  } else {
    const address = checkFields(mainlandAddressSchema, draft.address_cn);
    if (!address.ok) {
      for (const field of ["province", "city", "district", "detail"] as const) {
        say(field, address.problems[field], ADDRESS_TEXT);
      }
    }
  }
  return { errors, addressIncomplete };
}
