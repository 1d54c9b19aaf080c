/**
 * nu-forms for React users: every component of the package (React is a peer dependency). The same
 * components are registered as custom elements by `nu-forms/elements`.
 */

export * from "./flows/index.ts";
export * from "./staff/index.ts";
export type { NuEventDetails, NuEventName } from "./ui/events.ts";
export * from "./widgets/index.ts";
