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

// The events' types, and with them their entries in GlobalEventHandlersEventMap, for a program
// that imports only "nu-forms/elements".
export type { FlowEventDetails, NuStepDetail } from "../flows/shared/events.ts";
export type { StaffEventDetails } from "../staff/events.ts";
export type { NuEventDetails } from "../ui/events.ts";
export { runtime } from "./runtime.ts";
