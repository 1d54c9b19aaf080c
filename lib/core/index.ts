/** Framework-free domain code: the package's `nu-forms/core` entry. */
export * from "./address.ts";
export * from "./als.ts";
export * from "./dates.ts";
export * from "./email.ts";
export * from "./errorCodes.ts";
export * from "./guards.ts";
export * from "./i18n/index.ts";
export * from "./leadRef.ts";
export * from "./lists/index.ts";
export * from "./maintenance.ts";
export * from "./password.ts";
export * from "./redirect.ts";
export * from "./routes.ts";
export * from "./staffLogin.ts";
export * from "./staffToken.ts";
export * from "./storageKeys.ts";
export type * from "./types.ts";
