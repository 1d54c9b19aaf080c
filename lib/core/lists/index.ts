export * from "./emailDomains.ts";
export * from "./phoneCodes.ts";
export * from "./regions.ts";
