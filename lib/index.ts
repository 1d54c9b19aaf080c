/**
 * nu-forms for React users: every component of the package (React is a peer dependency). The same
 * components are registered as custom elements by `nu-forms/elements`.
 */

// The page-wide configuration of these components. `nu-forms/elements` keeps its own (its
// `runtime.configure`): the elements run on their own copy of Preact and of the shared modules.
export { type ConfigOverrides, configure } from "./config.ts";
export * from "./flows/index.ts";
export * from "./staff/index.ts";
export type { NuEventDetails, NuEventName } from "./ui/events.ts";
export * from "./widgets/index.ts";
