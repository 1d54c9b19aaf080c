export * from "./draftStore.ts";
export * from "./flags.ts";
export * from "./settings.ts";
