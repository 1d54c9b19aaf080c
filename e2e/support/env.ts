import { existsSync } from "node:fs";

/** Where the e2e suite finds the servers Playwright starts (playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const ALS_PORT = Number(process.env.ALS_PORT ?? 8182);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Another origin on the same server (a different host name): the brand site of the cross-origin e2e. */
export const CROSS_ORIGIN = `http://localhost:${E2E_PORT}`;
export const ALS_PLAYBACK_URL = `http://127.0.0.1:${ALS_PORT}/lookup`;
export const API_KEY = process.env.API_KEY ?? "nu-forms-dev-key";
/** CHROMIUM_PATH, else Debian's Chromium, else (undefined) Playwright's own browser. */
export const CHROMIUM_PATH: string | undefined =
  process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
export const DEMO_PASSWORD = "Nu-demo-2026";
