/**
 * The flows' sign-in step before their code has arrived: the element bundle's
 * entry draws it into each `<nu-form>` / `<nu-recruitment-form>` of the page from a few kB of
 * plain DOM, with the step's own markup (the live components rendered at build time:
 * docs/ARCHITECTURE.md#the-first-paint), stylesheets and texts, so the e-mail field shows and
 * takes text while the runtime and the flow load. The live step then takes over in place
 * (signInHandOver.ts, as on the host pages): what was typed, the focus, and a 發送電郵 pressed
 * meanwhile go to the live field, and the stand-in goes in the same frame.
 *
 * Drawn only where the live element would show exactly this: a first visit to a self-driven
 * element (no `step` attribute, no draft, nothing remembered of this flow, no customer session).
 * Anything else waits for the live code, as before.
 */

import { SIGN_IN_STEPS } from "virtual:nu-first-paint";
import { EMAIL_STATUS, fillMarkers } from "../../core/firstPaint.ts";
import { type Lang, type MessageKey, normaliseLang, t } from "../../core/i18n/index.ts";
import { DRAFT_KEY_PREFIX, type FlagKey, flowSessionPrefix } from "../../core/storageKeys.ts";
import type { Flow } from "../../core/types.ts";
import { loadMessages } from "../../load/catalogues.ts";
import { baseSheet } from "../../ui/base.ts";
import { adoptSheets, sheet } from "../../ui/sheet.ts";
import { emailSheet } from "../../widgets/emailSheet.ts";
import { keepSignIn } from "./signInHandOver.ts";
import { ENTRY_STEP } from "./stepPaths.ts";
import { flowSheet } from "./styles.ts";

/**
 * While the stand-in is there, the element's own content (its loading space, then its step) is
 * not shown; that content's box (lib/elements/define.ts) adds nothing to the layout.
 */
const standInSheet = sheet(`.nu-live { display: contents; } .nu-stand-in ~ .nu-live { display: none; }`);

/** Whether the live element would open on its sign-in step with an empty field. */
function firstVisit(flow: Flow): boolean {
  try {
    if (sessionStorage.getItem(DRAFT_KEY_PREFIX + flow) !== null) return false;
    if (localStorage.getItem("CUSTOMER_TOKEN" satisfies FlagKey)) return false;
    const remembered = flowSessionPrefix(flow);
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? "";
      if (
        key.startsWith(remembered) &&
        !(key === `${remembered}step` && localStorage.getItem(key) === ENTRY_STEP)
      )
        return false;
    }
    return true;
  } catch {
    return true; // no storage: the live element starts on its sign-in step too
  }
}

/**
 * The step as the live element draws it (rendered from its components at build time:
 * build/first-paint.ts), in `lang`.
 */
function markup(lang: Lang, flow: Flow): HTMLElement {
  const template = document.createElement("template");
  template.innerHTML = fillMarkers(SIGN_IN_STEPS[flow], (name, params) =>
    name === "@lang" ? lang : t(lang, name as MessageKey, params),
  );
  return template.content.firstElementChild as HTMLElement;
}

/** The live element has drawn something of its own: its step, or the message that its code failed. */
const LIVE = '.nu-live [part~="flow"][data-step], .nu-live [part~="load-error"]';

function standIn(element: HTMLElement, lang: Lang, flow: Flow): StandIn {
  const root = element.attachShadow({ mode: "open" });
  adoptSheets(root, [baseSheet, flowSheet, emailSheet, standInSheet]);
  const frame = markup(lang, flow);
  root.append(frame);
  const status = frame.querySelector(EMAIL_STATUS) as HTMLElement;
  const kept = keepSignIn(frame, {
    live: () => root.querySelector<HTMLElement>(LIVE),
    sending: t(lang, "widgets.email.sending"),
  });
  const observer = new MutationObserver(() => {
    if (kept.check()) observer.disconnect();
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-step"],
  });

  return {
    failed() {
      observer.disconnect();
      const error = frame.querySelector(".nu-error") as HTMLElement;
      error.textContent = t(lang, "elements.loadFailed");
      status.textContent = "";
    },
  };
}

export interface StandIn {
  /** The live code did not arrive: the stand-in says so instead of sending for ever. */
  failed(): void;
}

/**
 * Draws the stand-in into each flow element of the page that has none yet and would open on its
 * sign-in step, and resolves once they have been drawn (the entry then requests the live code).
 */
export async function showSignInStandIns(): Promise<StandIn[]> {
  const shown: StandIn[] = [];
  for (const element of document.querySelectorAll<HTMLElement>("nu-form, nu-recruitment-form")) {
    const flow: Flow = element.localName === "nu-form" ? "nuform" : "recruitment";
    if (element.shadowRoot || element.hasAttribute("step") || !firstVisit(flow)) continue;
    const lang = normaliseLang(element.getAttribute("lang"));
    try {
      await loadMessages(lang, "sign-in");
    } catch {
      continue; // without its texts the live element shows it
    }
    shown.push(standIn(element, lang, flow));
  }
  return shown;
}
