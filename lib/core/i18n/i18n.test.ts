import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../errorCodes.ts";
import { textLangSchema } from "../schemas.ts";
import { en as enOwn } from "./en.ts";
import { enWidgets } from "./en.widgets.ts";
import { errorMessage, interpolate, type MessageKey, messages, t } from "./index.ts";
import { normaliseLang, preferredLang, translate } from "./translate.ts";
import { WIDGET_TEXT_MODULES } from "./widgetTextModules.ts";
import { zhHans as zhHansOwn } from "./zh-Hans.ts";
import { zhHansWidgets } from "./zh-Hans.widgets.ts";
import { zhHK as zhHKOwn } from "./zh-HK.ts";
import { zhHKWidgets } from "./zh-HK.widgets.ts";

// Each language's whole catalogue: its own module and the widgets' (zh-HK.widgets.ts, en.widgets.ts).
const zhHK = { ...zhHKOwn, ...zhHKWidgets };
const en = { ...enOwn, ...enWidgets };
const zhHans: Record<string, string> = { ...zhHansOwn, ...zhHansWidgets };

const CJK = /[\u4e00-\u9fff]/;

describe("message catalogues", () => {
  it("have exactly the same keys", () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zhHK).sort());
  });

  it("have no empty text and flat dotted keys", () => {
    for (const key of Object.keys(zhHK) as MessageKey[]) {
      expect(key).toMatch(/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/);
      expect(zhHK[key].trim(), key).not.toBe("");
      expect(en[key].trim(), key).not.toBe("");
    }
  });

  it("writes the default catalogue in Chinese and the English one without Chinese", () => {
    const zhTexts = Object.values(zhHK).filter((text) => CJK.test(text));
    expect(zhTexts.length / Object.keys(zhHK).length).toBeGreaterThan(0.9);
    // A few English texts may name things in Chinese (a language switch's 中文), most do not.
    const enWithChinese = Object.values(en).filter((text) => CJK.test(text));
    expect(enWithChinese.length / Object.keys(en).length).toBeLessThan(0.05);
  });

  it("names the lead's reference one way in English: the registration number", () => {
    const customer = Object.entries(en).filter(([key]) => key.startsWith("flows."));
    expect(customer.filter(([, text]) => /\breference\b/i.test(text))).toEqual([]);
  });

  it("seeds the common texts the forms need", () => {
    expect(t("zh-HK", "common.pleaseSelect")).toBe("請選擇");
    expect(t("zh-HK", "common.leaveBlankIfNA")).toBe("如該欄不適用，請留空。");
    expect(t("zh-HK", "login.sendCode")).toBe("發送電郵");
    for (const key of [
      "common.required",
      "common.invalidEmail",
      "common.invalidPhone",
      "common.loading",
      "common.retry",
      "common.networkError",
      "common.timeout",
    ] as const) {
      expect(messages["zh-HK"][key]).toBeTruthy();
    }
  });
});

describe("Simplified Chinese", () => {
  it("has every customer text (the staff tools' are read in zh-HK) and no other", () => {
    const customer = Object.keys(zhHK).filter((key) => !key.startsWith("staff."));
    expect(Object.keys(zhHans).sort()).toEqual(customer.sort());
    for (const key of customer) expect(zhHans[key].trim(), key).not.toBe("");
    expect(t("zh-Hans", "staff.login.title" as MessageKey)).toBe(
      t("zh-HK", "staff.login.title" as MessageKey),
    );
  });

  it("keeps each text's placeholders", () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
    for (const [key, text] of Object.entries(zhHans))
      expect(names(text), key).toEqual(names(zhHK[key as MessageKey]));
  });

  it("is written for mainland readers, not converted character by character", () => {
    const texts = Object.values(zhHans).join("\n");
    // Hong Kong words with a mainland one, and Traditional characters the conversion would have changed.
    for (const word of [
      "电邮",
      "登入",
      "资料",
      "私隐",
      "联络",
      "载入",
      "换领",
      "柜位",
      "剔选",
      "電",
      "資",
      "為",
      "們",
      "個",
    ])
      expect(texts, word).not.toContain(word);
    for (const [key, text] of [
      ["login.email", "邮箱地址"],
      ["phone.number", "手机号码"],
      ["flows.person.province", "省／自治区／直辖市"],
      ["flows.login.title", "邮箱登录"],
    ])
      expect(zhHans[key], key).toBe(text);
  });
});

describe("language tags", () => {
  it("normaliseLang maps zh-CN, zh-SG and zh-Hans* to zh-Hans, other zh to zh-HK, en* to en", () => {
    for (const tag of ["zh-Hans", "zh-CN", "zh-cn", "zh-SG", "zh-Hans-CN", "ZH-HANS"])
      expect(normaliseLang(tag), tag).toBe("zh-Hans");
    for (const tag of ["zh-HK", "zh-TW", "zh-MO", "zh-Hant", "zh-Hant-HK", "zh", "fr", "", null, undefined])
      expect(normaliseLang(tag), String(tag)).toBe("zh-HK");
    for (const tag of ["en", "en-GB", "EN-us"]) expect(normaliseLang(tag), tag).toBe("en");
  });

  it("preferredLang takes the first language the browser asks for that the product has", () => {
    expect(preferredLang(["fr-FR", "zh-CN", "en"])).toBe("zh-Hans");
    expect(preferredLang(["en-US", "zh-CN"])).toBe("en");
    expect(preferredLang(["zh-TW"])).toBe("zh-HK");
    expect(preferredLang(["zh"])).toBe("zh-HK");
    expect(preferredLang(["fr", "de"])).toBeNull();
  });

  it("textLangSchema takes zh-HK, zh-Hans, en and zh-CN (kept as zh-Hans), nothing else", () => {
    expect(v.parse(textLangSchema, "zh-CN")).toBe("zh-Hans");
    for (const lang of ["zh-HK", "zh-Hans", "en"]) expect(v.parse(textLangSchema, lang)).toBe(lang);
    for (const lang of ["zh-TW", "zh-hans", "fr", ""])
      expect(v.safeParse(textLangSchema, lang).success, lang).toBe(false);
  });
});

describe("the widgets' texts", () => {
  it("are each widget's own, in both languages, and the catalogue's", () => {
    const keys = WIDGET_TEXT_MODULES.flatMap((texts) => Object.keys(texts["zh-HK"]));
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(zhHKWidgets).sort());
    expect(Object.keys(enWidgets).sort()).toEqual(Object.keys(zhHKWidgets).sort());
    expect(Object.keys(zhHansWidgets).sort()).toEqual(Object.keys(zhHKWidgets).sort());
    for (const texts of WIDGET_TEXT_MODULES) {
      expect(Object.keys(texts.en).sort()).toEqual(Object.keys(texts["zh-HK"]).sort());
      expect(Object.keys(texts["zh-Hans"]).sort()).toEqual(Object.keys(texts["zh-HK"]).sort());
      for (const key of Object.keys(texts["zh-HK"])) {
        expect(key in zhHKOwn || key in enOwn, key).toBe(false);
        for (const lang of ["zh-HK", "zh-Hans", "en"] as const) {
          expect(translate(texts, lang, key), key).toBe(t(lang, key as MessageKey));
        }
      }
    }
  });
});

describe("t", () => {
  it("gives the text in the language asked", () => {
    expect(t("en", "login.sendCode")).toBe("Send e-mail");
  });
  it("replaces {name} placeholders and leaves unknown ones", () => {
    expect(t("zh-HK", "password.min_length", { min: 8 })).toBe("密碼最少要有 8 個字元");
    expect(interpolate("{a} and {b}", { a: "x" })).toBe("x and {b}");
    expect(interpolate("{a}", {})).toBe("{a}");
    expect(interpolate("{a}", { a: 0 })).toBe("0");
  });
  it("falls back to Chinese for an unknown language, and to the key for an unknown key", () => {
    expect(t("fr" as never, "common.ok")).toBe("確定");
    expect(t("en", "no.such.key" as MessageKey)).toBe("no.such.key");
  });
});

describe("errorMessage", () => {
  it("has a Chinese and an English text for every ErrorCode", () => {
    for (const code of ERROR_CODES) {
      const zh = errorMessage("zh-HK", code);
      expect(zh, code).not.toBe(`errors.${code}`);
      expect(CJK.test(zh), code).toBe(true);
      expect(errorMessage("en", code), code).not.toBe(`errors.${code}`);
    }
  });
  it("fills the redemption details", () => {
    expect(errorMessage("zh-HK", "ALREADY_REDEEMED", { at: "09/03/2026 14:05", staff: "陳大文" })).toBe(
      "此客戶已於 09/03/2026 14:05 由 陳大文 兌換。",
    );
  });
});
