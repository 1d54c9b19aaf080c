/**
 * The element bundle's entry (`/elements/nu-forms.js`), a few hundred bytes: after the page's
 * first frame it imports the registration of every nu-* element and the page runtime
 * (`index.ts`, the `runtime` chunk) and exports that runtime. A page module that imports the
 * bundle (`import { runtime } from ".../nu-forms.js"`) gets it once the elements are defined.
 */
import { afterFirstFrame } from "./afterFirstFrame.ts";

await afterFirstFrame();

export const { runtime } = await import("./index.ts");
