/**
 * The element bundle entry (`/elements/nu-forms.js`): registers every nu-* element once and
 * exports the page runtime (configuration and the shared stores) so that a host page shares the
 * very same state instances as the elements instead of a second copy. Each registration file
 * defines its tags at once; an element's component loads when the first one connects (lazy.tsx).
 * scripts/custom-elements-manifest.ts reads the registration files imported here.
 */
import "./widgets.ts";
import "./flows.ts";
import "./staff.ts";

export { runtime } from "./runtime.ts";
