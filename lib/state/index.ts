export * from "./draft.ts";
export * from "./flags.ts";
export * from "./settings.ts";
