import { type ReactNode, version } from "react";
import type { Sheet } from "./sheet.ts";

/**
 * The sheets as React 19 hoistable `<style href precedence>` elements: React puts them in the
 * document's <head> (or the shadow root the tree renders in), one per `href` however many
 * components render it, in the server's HTML too, so a server-rendered page has the components'
 * look before it hydrates (docs/hosts.md, "Next.js"). React 18 would render them in place, as
 * plain <style> elements with unknown attributes: nothing there, the adopted sheets as before.
 */
export function hoistedStyles(sheets: readonly Sheet[]): ReactNode {
  if (version.startsWith("18.")) return null;
  return sheets.map((s) => {
    const href = hrefOf(s);
    return (
      <style key={href} href={href} precedence="nu-forms">
        {s.cssText}
      </style>
    );
  });
}

let hrefs: WeakMap<Sheet, string> | undefined;

/** A name for the sheet from its text (FNV-1a): the same on the server and in the browser. */
function hrefOf(s: Sheet): string {
  hrefs ??= new WeakMap();
  let href = hrefs.get(s);
  if (href === undefined) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < s.cssText.length; i++) hash = Math.imul(hash ^ s.cssText.charCodeAt(i), 0x01000193);
    href = `nu-${(hash >>> 0).toString(36)}`;
    hrefs.set(s, href);
  }
  return href;
}
