import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { emptyAddress } from "../../core/address.ts";
import { t } from "../../core/i18n/index.ts";
import { leadCreateSchema } from "../../core/schemas.ts";
import { babyDateInRange } from "../recruitment/babyDate.ts";
import { emptyDraft, type FlowDraft } from "./flowDraft.ts";
import { leadBody, termsKind } from "./leadSubmit.ts";
import { normalisePartner } from "./partner.ts";
import { validatePerson } from "./personValidation.ts";
import { ENTRY_STEP, stepFromPath } from "./stepPaths.ts";
import { hkAddressText } from "./summary.ts";

const zh = (key: Parameters<typeof t>[1], params?: Record<string, string | number>) =>
  t("zh-HK", key, params);
const en = (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => t("en", key, params);

const amoy = {
  ...emptyAddress(),
  region: "KLN",
  district: "KT",
  building: "淘大花園",
  block: "P座",
  floor: "10",
  room: "A",
} as const;

function draft(patch: Partial<FlowDraft> = {}): FlowDraft {
  return { ...emptyDraft(), last_name: "陳", first_name: "大文", phone: "91234567", ...patch };
}

describe("validatePerson", () => {
  it("accepts a complete Hong Kong customer", () => {
    expect(validatePerson(draft({ address: { ...amoy } }), "HK", zh)).toEqual({
      errors: {},
      addressIncomplete: false,
    });
  });

  it("requires both names, trimmed", () => {
    const { errors } = validatePerson(draft({ last_name: "  ", first_name: "" }), "CN", zh);
    expect(errors.last_name).toBe("必須填寫");
    expect(errors.first_name).toBe("必須填寫");
  });

  it("refuses invisible names (Hangul fillers, stacked marks, control characters) naming the field, in both languages", () => {
    const names = { last_name: "\u3164\u3164", first_name: "Ma\u0301\u0302\u0303ry" };
    const zhErrors = validatePerson(draft(names), "HK", zh).errors;
    expect(zhErrors.last_name).toBe(zh("flows.person.nameChars"));
    expect(zhErrors.first_name).toBe(zh("flows.person.nameChars"));
    expect(zhErrors.last_name).toMatch(/只可輸入文字/);
    const enErrors = validatePerson(
      draft({ last_name: "\uFFA0", first_name: "Tai\u0007Man" }),
      "HK",
      en,
    ).errors;
    expect(enErrors.last_name).toBe(en("flows.person.nameChars"));
    expect(enErrors.first_name).toBe(en("flows.person.nameChars"));
    expect(enErrors.last_name).not.toBe(zhErrors.last_name);
  });

  it("checks the phone against its country code with a message naming the rule", () => {
    expect(validatePerson(draft({ phone: "9123456" }), "HK", zh).errors.phone).toBe(
      "+852 電話號碼須為 8 位數字，不以 0 或 1 開頭",
    );
    expect(validatePerson(draft({ phone: "12345678" }), "HK", zh).errors.phone).toBe(
      "+852 電話號碼須為 8 位數字，不以 0 或 1 開頭",
    );
    expect(validatePerson(draft({ phone_code: "853", phone: "28123456" }), "HK", zh).errors.phone).toBe(
      "+853 電話號碼須以 6 開頭，共 8 位數字",
    );
    expect(validatePerson(draft({ phone_code: "86", phone: "91234567" }), "HK", zh).errors.phone).toBe(
      "+86 電話號碼須以 1 開頭，共 11 位數字",
    );
    expect(
      validatePerson(draft({ phone_code: "853", phone: "6234 5678" }), "HK", zh).errors.phone,
    ).toBeUndefined();
    expect(validatePerson(draft({ phone_code: "853", phone: "91234567" }), "HK", en).errors.phone).toBe(
      "A +853 phone number must be 8 digits starting with 6",
    );
    expect(validatePerson(draft({ phone_code: "44" }), "HK", zh).errors.phone_code).toBe(
      "請選擇國家或地區編號",
    );
  });

  it("accepts names in any script with spaces, hyphens, apostrophes and dots; refuses digits and emoji", () => {
    for (const [last, first] of [
      ["李", "嘉欣"],
      ["O'Brien", "Mary-Jane"],
      ["Nguyễn", "Thị Minh"],
      ["St. John", "J."],
      ["Müller", "Zoë"],
    ]) {
      expect(validatePerson(draft({ last_name: last, first_name: first }), "CN", zh).errors).toEqual({
        province: "必須填寫",
        city: "必須填寫",
        district: "必須填寫",
        detail: "必須填寫",
      });
    }
    const { errors } = validatePerson(draft({ last_name: "Chan2", first_name: "大文😀" }), "CN", zh);
    expect(errors.last_name).toMatch(/不可包含數字或表情符號/);
    expect(errors.first_name).toMatch(/不可包含數字或表情符號/);
  });

  it("says how long a name or mainland address part may be: the lead schema's limits", () => {
    const { errors } = validatePerson(
      draft({
        last_name: "陳".repeat(51),
        first_name: "大".repeat(50),
        address_cn: { province: "廣東省", city: "深圳市", district: "南山區", detail: "路".repeat(201) },
      }),
      "CN",
      zh,
    );
    expect(errors).toEqual({ last_name: "最多 50 個字", detail: "最多 200 個字" });
  });

  it("judges names and phones exactly as POST /api/lead does (one rule)", () => {
    const names = ["陳", " 大文 ", "O'Brien", "Chan2", "😀", "a".repeat(50), "a".repeat(51), "\u202e", "·"];
    const phones: [string, string][] = [
      ["852", "9123 4567"],
      ["852", "1234-5678"],
      ["853", "62345678"],
      ["86", "13912345678"],
      ["86", "+8613912345678"],
      ["44", "2071234567"],
    ];
    for (const name of names) {
      for (const [phone_code, phone] of phones) {
        const person = { last_name: name, first_name: "大文", phone_code, phone };
        const server = v.safeParse(leadCreateSchema, {
          flow: "nuform",
          email: "a@b.hk",
          consents: { terms: true, privacy: true, marketing: false },
          ...person,
        });
        const { errors } = validatePerson(draft(person), "HK", zh);
        const serverFields = server.success ? [] : server.issues.map((i) => v.getDotPath(i));
        expect({ name, phone, fields: Object.keys(errors).sort() }).toEqual({
          name,
          phone,
          fields: [...new Set(serverFields)]
            .filter((f) => f !== "phone" || !serverFields.includes("phone_code"))
            .sort(),
        });
      }
    }
  });

  it("flags a Hong Kong address without region, district or building", () => {
    expect(validatePerson(draft({ address: null }), "HK", zh).addressIncomplete).toBe(true);
    expect(validatePerson(draft({ address: { ...amoy, district: "" } }), "HK", zh).addressIncomplete).toBe(
      true,
    );
  });

  it("requires every mainland address field", () => {
    const { errors } = validatePerson(
      draft({ address_cn: { province: "廣東省", city: "", district: "南山區", detail: " " } }),
      "CN",
      zh,
    );
    expect(Object.keys(errors).sort()).toEqual(["city", "detail"]);
  });
});

describe("terms and the lead body", () => {
  it("picks partnership over existing over new", () => {
    expect(termsKind(draft({ partner: "babynu" }), true)).toBe("partnership");
    expect(termsKind(draft(), true)).toBe("existing");
    expect(termsKind(draft(), false)).toBe("new");
  });

  it("sends the Hong Kong address or the mainland one, never both", () => {
    const hk = leadBody("nuform", draft({ residence: "HK", address: { ...amoy } }), "a@b.hk", "new");
    expect(hk).toMatchObject({ residence: "HK", address: { district: "KT" }, partner: null, tnc: "new" });
    expect(hk.address_cn).toBeUndefined();
    const cn = leadBody(
      "nuform",
      draft({
        residence: "CN",
        address: { ...amoy },
        address_cn: { province: "廣東省", city: "深圳市", district: "南山區", detail: "1 號" },
      }),
      "a@b.hk",
      "existing",
    );
    expect(cn.residence).toBe("CN");
    expect(cn.address).toBeUndefined();
    expect(cn.address_cn?.city).toBe("深圳市");
  });

  it("gives each draft its own idempotency key", () => {
    expect(emptyDraft().idempotencyKey).not.toBe(emptyDraft().idempotencyKey);
  });
});

describe("steps and partner codes", () => {
  it("reads a step from a flow path", () => {
    expect(stepFromPath("nuform", "/customer/nuForm")).toBe(ENTRY_STEP);
    expect(stepFromPath("nuform", "/customer/nuForm/product?x=1")).toBe("product");
    expect(stepFromPath("recruitment", "/customer/recruitmentForm/babyInfo/")).toBe("babyInfo");
  });

  it("accepts only URL-safe partner codes", () => {
    expect(normalisePartner(" babynu-clinic ")).toBe("babynu-clinic");
    expect(normalisePartner("<script>")).toBe("");
    expect(normalisePartner("x".repeat(41))).toBe("");
    expect(normalisePartner(undefined)).toBe("");
  });
});

describe("baby dates", () => {
  const today = "2026-03-10";
  it("expecting: today to 280 days ahead", () => {
    expect(babyDateInRange("expecting", "2026-03-10", today)).toBe(true);
    expect(babyDateInRange("expecting", "2026-12-15", today)).toBe(true);
    expect(babyDateInRange("expecting", "2026-12-16", today)).toBe(false);
    expect(babyDateInRange("expecting", "2026-03-09", today)).toBe(false);
  });

  it("born: up to three years back, not in the future", () => {
    expect(babyDateInRange("born", "2026-03-10", today)).toBe(true);
    expect(babyDateInRange("born", "2026-03-11", today)).toBe(false);
    expect(babyDateInRange("born", "2023-03-11", today)).toBe(true);
    expect(babyDateInRange("born", "2023-03-10", today)).toBe(false);
  });
});

describe("review texts", () => {
  it("writes a Hong Kong address in the customer's language", () => {
    expect(hkAddressText({ ...amoy }, "zh-HK")).toBe("九龍 觀塘區 淘大花園 P座 10樓 A室");
    expect(hkAddressText(null, "zh-HK")).toBe("");
    const en = hkAddressText({ ...amoy, buildingEn: "AMOY GARDENS", block: "P座" }, "en");
    expect(en).toContain("AMOY GARDENS");
    // Upper case throughout, as the lookup writes its names: our district names follow them.
    expect(en).toContain("KWUN TONG, KOWLOON");
    expect(en).toBe(en.toUpperCase());
  });
});
