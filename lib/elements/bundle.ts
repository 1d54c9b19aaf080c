/**
 * The element bundle's entry (`/elements/nu-forms.js`), a few hundred bytes: after the page's
 * first frame it draws the flows' sign-in step where a flow element would open on it (a few kB,
 * lib/flows/shared/signInStandIn.ts: the e-mail field shows and takes text at once), then imports
 * the registration of every nu-* element and the page runtime (`index.ts`, the `runtime` chunk)
 * and exports that runtime. A page module that imports the bundle
 * (`import { runtime } from ".../nu-forms.js"`) gets it once the elements are defined.
 */
import { afterFirstFrame, afterNextFrame } from "./afterFirstFrame.ts";

await afterFirstFrame();

/** The stand-ins drawn, once they are on screen (none when no flow element waits for its code). */
async function standIns() {
  if (!document.querySelector("nu-form:not([step]), nu-recruitment-form:not([step])")) return [];
  try {
    const shown = await (await import("../flows/shared/signInStandIn.ts")).showSignInStandIns();
    // Their paint first: the live code's requests start after it.
    if (shown.length > 0) await afterNextFrame();
    return shown;
  } catch {
    return []; // the live elements show the step
  }
}

const shown = await standIns();

export const { runtime } = await import("./index.ts").catch((error: unknown) => {
  for (const standIn of shown) standIn.failed();
  throw error;
});
