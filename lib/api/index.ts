export * from "./client.ts";
export * from "./errors.ts";
