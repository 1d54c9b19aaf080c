/** Checks of the personal-info steps; the phone rule itself is the core's (lib/core/lists/phoneCodes.ts). */
import { addressMissing, emptyAddress } from "../../core/address.ts";
import type { MessageKey } from "../../core/i18n/index.ts";
import { isPhoneCode, isValidPhone, PHONE_CODES, type PhoneCode } from "../../core/lists/phoneCodes.ts";
import { isPersonName } from "../../core/personName.ts";
import { LIMITS } from "../../core/schemas.ts";
import type { Translate } from "../../ui/useT.ts";
import type { FlowDraft } from "./draft.ts";

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

/** Longest name part accepted: the lead schema's limit. */
export const NAME_MAX = LIMITS.name;

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

export function validatePerson(
  draft: FlowDraft,
  variant: "HK" | "CN",
  t: Translate,
): { errors: PersonErrors; addressIncomplete: boolean } {
  const errors: PersonErrors = {};
  const required = t("common.required");
  for (const field of ["last_name", "first_name"] as const) {
    const value = draft[field].trim();
    if (!value) errors[field] = required;
    else if (value.length > NAME_MAX) errors[field] = t("flows.person.tooLong", { max: NAME_MAX });
    else if (!isPersonName(value)) errors[field] = t("flows.person.nameChars");
  }
  if (!isPhoneCode(draft.phone_code)) errors.phone_code = required;
  else if (!draft.phone.trim()) errors.phone = required;
  else if (!isValidPhone(draft.phone_code, draft.phone)) errors.phone = phoneRuleText(draft.phone_code, t);
  let addressIncomplete = false;
  if (variant === "HK") {
    addressIncomplete = addressMissing(draft.address ?? emptyAddress()).length > 0;
  } else {
    for (const field of ["province", "city", "district", "detail"] as const) {
      if (!draft.address_cn[field].trim()) errors[field] = required;
    }
  }
  return { errors, addressIncomplete };
}
