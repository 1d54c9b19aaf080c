/**
 * The element bundle entry (`/elements/nu-forms.js`): registers every nu-* element once and
 * exports the page runtime (configuration and the shared stores) so that a host page shares the
 * very same state instances as the elements instead of a second copy.
 */
import "./widgets.ts";
import "./flows.ts";
import "./staff.ts";

export { runtime } from "./runtime.ts";
