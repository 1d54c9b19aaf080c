/**
 * The operator's brand as the server wrote it into the page (lib/core/brand.ts), and the page
 * title: every page and step names itself, then the brand.
 */
import { useEffect } from "preact/hooks";
import { type Brand, brandFromMeta, pageTitle } from "../lib/core/brand.ts";

export const BRAND: Brand = brandFromMeta(document);

/** The brand colours for the page's own chrome and, through inheritance, the forms (--nu-*). */
export function applyBrandColours(root: HTMLElement = document.documentElement): void {
  root.style.setProperty("--brand-primary", BRAND.primaryColor);
  root.style.setProperty("--brand-primary-contrast", BRAND.primaryContrast);
  root.style.setProperty("--nu-color-primary", BRAND.primaryColor);
  root.style.setProperty("--nu-color-primary-contrast", BRAND.primaryContrast);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", BRAND.primaryColor);
}

/** `document.title` = `<what this page is> | <brand>`, kept while the page shows. */
export function useDocumentTitle(...parts: Array<string | null | undefined>): void {
  const title = pageTitle(parts, BRAND);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
