/**
 * The element bundle entry (`/elements/nu-forms.js`): registers every nu-* element once and
 * exports the page runtime (configuration and the shared stores) so that a host page shares the
 * very same state instances as the elements instead of a second copy. Each registration file
 * defines its tags at once; an element's component loads when the first one connects (lazy.tsx).
 * build/custom-elements-manifest.ts reads the registration files imported here.
 */
import "./widgets.ts";
import "./flows.ts";
import "./staff.ts";

export type { AddressEn, AddressValue } from "../core/types.ts";
// The events' types, and with them their entries in GlobalEventHandlersEventMap, for a program
// that imports only "nu-forms/elements".
export type { FlowEventDetails, NuStepDetail } from "../flows/shared/events.ts";
export type { StaffEventDetails, StaffStep } from "../staff/events.ts";
export type { NuEventDetails } from "../ui/events.ts";
export { runtime } from "./runtime.ts";
// Each element's interface, its events and its HTMLElementTagNameMap entry (from the manifest).
export type * from "./types.generated.ts";
