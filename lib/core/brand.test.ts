import { describe, expect, it } from "vitest";
import { brandFromMeta, completeBrand, DEMO_BRAND, pageTitle } from "./brand.ts";

describe("completeBrand", () => {
  it("takes the operator's values and keeps the demo brand for what is missing", () => {
    const { brand, problems } = completeBrand({ name: "小樹苗", primaryColor: "#005f73" });
    expect(brand).toEqual({ ...DEMO_BRAND, name: "小樹苗", primaryColor: "#005f73" });
    expect(problems).toEqual([]);
  });
  it("refuses unsafe links, bad colours and empty names, naming them", () => {
    const { brand, problems } = completeBrand({
      privacyUrl: "javascript:alert(1)",
      termsUrl: "//evil.example/terms",
      primaryColor: "red",
      name: " ",
      contactUrl: "mailto:care@example.hk",
    });
    expect(problems).toEqual(["name", "primaryColor", "privacyUrl", "termsUrl"]);
    expect(brand).toEqual({ ...DEMO_BRAND, contactUrl: "mailto:care@example.hk" });
  });
});

describe("brandFromMeta and pageTitle", () => {
  it("reads the meta tags the server writes", () => {
    const metas: Record<string, string> = {
      'meta[name="nu-brand:name"]': "小樹苗",
      'meta[name="nu-brand:privacy-url"]': "https://example.hk/privacy",
    };
    const doc = {
      querySelector: (selector: string) => (selector in metas ? { content: metas[selector] } : null),
    };
    const brand = brandFromMeta(doc as unknown as Document);
    expect(brand.name).toBe("小樹苗");
    expect(brand.privacyUrl).toBe("https://example.hk/privacy");
    expect(brand.termsUrl).toBe(DEMO_BRAND.termsUrl);
  });
  it("names the page, then the brand", () => {
    expect(pageTitle(["個人資料", "會員登記"], { name: "小樹苗" })).toBe("個人資料 · 會員登記 | 小樹苗");
    expect(pageTitle([], { name: "小樹苗" })).toBe("小樹苗");
  });
});
