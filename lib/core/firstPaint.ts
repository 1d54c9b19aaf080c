/**
 * The pictures painted before the runtime (the server's first frame and step picture, the brand
 * pages' sign-in stand-in) are the components themselves, rendered at build time
 * (build/render-first-paint.tsx) with markers where a text, the language or the brand goes; this fills
 * the markers in, in the server and in the stand-in.
 *
 * A text marker is `⟦key⟧`, or `⟦key name=value …⟧` for a text with parameters (the build renders
 * each text as its key and its parameters); the other markers are `⟦@name⟧`. The texts the
 * markers stand for need no HTML escaping (the build checks: build/render-first-paint.tsx).
 */
import type { Flow } from "./types.ts";

/** What the build writes into dist/hosts/first-paint.json (the stand-in gets `steps`: build/first-paint.ts). */
export interface FirstPaint {
  /** Each flow's sign-in step as its element draws it, texts and `lang` as markers. */
  steps: Record<Flow, string>;
  /** The step's stylesheets (the element's own `sheet()`s), as one stylesheet. */
  css: string;
  /** hosts/pages/PageShell.tsx per language and per brand: `frameKey` names the variant. */
  frames: Record<string, Record<string, string>>;
  /** hosts/staff/StaffHomeFrame.tsx's `StaffHomeFirstPaint`, the same way (no title or content marker). */
  staffHome: Record<string, Record<string, string>>;
}

/** The frame variant for a brand: which of its logo and footer links it has (PageShell leaves out an empty one). */
export function frameKey(brand: {
  logoUrl: string;
  privacyUrl: string;
  termsUrl: string;
  contactUrl: string;
}): string {
  return [brand.logoUrl, brand.privacyUrl, brand.termsUrl, brand.contactUrl].map((v) => (v ? 1 : 0)).join("");
}

/**
 * The attribute a 發送電郵 pressed in a sign-in step drawn before its code leaves on the step's form:
 * the host pages' inline starter (server/html.ts) and lib/flows/shared/signInHandOver.ts set and
 * read it alike.
 */
export const SEND_ASKED = "data-send-asked";

/** The class of the sign-in step the server writes into a host page, which the host shell hands over. */
export const SERVED_STEP = "first-step-preview";

/** The e-mail field's status line in a sign-in step drawn before its code: where a press says it is sending. */
export const EMAIL_STATUS = ".nu-email-status";

/** `template` with each marker replaced by `value(name, params)`, as it is (markup). */
export function fillMarkers(
  template: string,
  value: (name: string, params: Record<string, string>) => string,
): string {
  return template.replace(/⟦([^ ⟧]+)([^⟧]*)⟧/g, (_, name: string, rest: string) =>
    value(name, Object.fromEntries(rest.split(" ").map((pair) => pair.split("=")))),
  );
}
