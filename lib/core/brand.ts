/**
 * The operator's brand on the host pages: name, logo, colours and the footer links. The server
 * reads it once (server/brand.ts: a JSON file and/or BRAND_* variables) and writes it into every
 * host page as `<meta name="nu-brand:…">`; the pages read it back with `brandFromMeta`. Without any
 * configuration it is the fictional demo brand of /demo/.
 */
export interface Brand {
  /** Name in Chinese, shown in the header, the page titles and the e-mails. */
  name: string;
  /** Name in English (English pages and e-mails). */
  nameEn: string;
  /** Logo image URL (same origin or https); empty: the name alone. */
  logoUrl: string;
  /** Main colour (#rrggbb) and the text colour on it. */
  primaryColor: string;
  primaryContrast: string;
  privacyUrl: string;
  termsUrl: string;
  contactUrl: string;
}

export const DEMO_BRAND: Brand = {
  name: "BabyNu 營養",
  nameEn: "BabyNu Nutrition",
  logoUrl: "/demo/img/babynu-logo.png",
  primaryColor: "#6b3fa0",
  primaryContrast: "#ffffff",
  privacyUrl: "/demo/privacy.html",
  termsUrl: "/demo/terms.html",
  contactUrl: "/demo/#visit",
};

/** Brand field ↔ its `<meta name>` (after `nu-brand:`) and its environment variable. */
export const BRAND_FIELDS = [
  ["name", "name", "BRAND_NAME"],
  ["nameEn", "name-en", "BRAND_NAME_EN"],
  ["logoUrl", "logo-url", "BRAND_LOGO_URL"],
  ["primaryColor", "primary-color", "BRAND_PRIMARY_COLOR"],
  ["primaryContrast", "primary-contrast", "BRAND_PRIMARY_CONTRAST"],
  ["privacyUrl", "privacy-url", "BRAND_PRIVACY_URL"],
  ["termsUrl", "terms-url", "BRAND_TERMS_URL"],
  ["contactUrl", "contact-url", "BRAND_CONTACT_URL"],
] as const satisfies ReadonlyArray<readonly [keyof Brand, string, string]>;

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** Whether a link may be used: a same-origin path, or http(s)/mailto/tel. */
export function isSafeLink(url: string): boolean {
  if (url.startsWith("/") && !url.startsWith("//")) return true;
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[0-9 -]+)$/i.test(url);
}

/**
 * A brand from partial values: each field checked (a colour #rrggbb, a link safe, a name at most 60
 * characters); what is missing or refused keeps `fallback`'s value. Returns the problems found.
 */
export function completeBrand(
  values: Partial<Record<keyof Brand, unknown>>,
  fallback: Brand = DEMO_BRAND,
): { brand: Brand; problems: string[] } {
  const brand = { ...fallback };
  const problems: string[] = [];
  for (const [field] of BRAND_FIELDS) {
    const raw = values[field];
    if (raw === undefined || raw === null) continue;
    const value = typeof raw === "string" ? raw.trim() : "";
    const ok =
      field === "primaryColor" || field === "primaryContrast"
        ? COLOR.test(value)
        : field === "name" || field === "nameEn"
          ? value.length > 0 && value.length <= 60
          : value === "" || isSafeLink(value);
    if (ok) brand[field] = value;
    else problems.push(field);
  }
  return { brand, problems };
}

/**
 * The brand the server wrote into the page (falls back to the demo brand field by field). `doc` is
 * the page's `document`, typed by what is read of it: lib/core also builds for the server, without
 * the DOM's types.
 */
export function brandFromMeta(doc: { querySelector(selector: string): object | null }): Brand {
  const values: Partial<Record<keyof Brand, string>> = {};
  for (const [field, meta] of BRAND_FIELDS) {
    const found = doc.querySelector(`meta[name="nu-brand:${meta}"]`) as { content?: string } | null;
    const content = found?.content;
    if (content !== undefined) values[field] = content;
  }
  return completeBrand(values).brand;
}

/** `個人資料 · 會員登記 | BabyNu 營養`: what the page is, then the brand. */
export function pageTitle(
  parts: ReadonlyArray<string | null | undefined>,
  brand: Pick<Brand, "name">,
): string {
  const page = parts.filter(Boolean).join(" · ");
  return page ? `${page} | ${brand.name}` : brand.name;
}

/** The operator's name in `lang`: the English name on English pages when the operator gave one. */
export const brandName = (brand: Pick<Brand, "name" | "nameEn">, lang: "zh-HK" | "zh-Hans" | "en"): string =>
  (lang === "en" && brand.nameEn) || brand.name;
