import { existsSync } from "node:fs";

/**
 * Where the e2e suite finds its servers. Each Playwright worker starts its own API server with its
 * own in-memory database (e2e/support/test.ts) and points BASE_URL and CROSS_ORIGIN at it before
 * its first test; they are live bindings, so read them inside tests and helpers, not at a module's
 * top level. The address-lookup playback is one server for all workers (playwright.config.ts).
 */
export let BASE_URL = "http://127.0.0.1:0";
/** Another origin on the same server (a different host name): the brand site of the cross-origin e2e. */
export let CROSS_ORIGIN = "http://localhost:0";

/** Called once per worker by its server fixture. */
export function useServerPort(port: number): void {
  BASE_URL = `http://127.0.0.1:${port}`;
  CROSS_ORIGIN = `http://localhost:${port}`;
}

/** ALS_PORT moves the address-lookup playback when several checkouts test at once on one machine. */
export const ALS_PORT = Number(process.env.ALS_PORT ?? 8182);
export const ALS_PLAYBACK_URL = `http://127.0.0.1:${ALS_PORT}/lookup`;
export const API_KEY = process.env.API_KEY ?? "nu-forms-dev-key";
/**
 * CHROMIUM_PATH, else Debian's headless shell (Chromium's renderer without the browser's UI, what
 * Playwright runs headless by default: a third less CPU per test here), else Debian's Chromium,
 * else (undefined) Playwright's own browser.
 */
export const CHROMIUM_PATH: string | undefined =
  process.env.CHROMIUM_PATH ||
  ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
export const DEMO_PASSWORD = "Nu-demo-2026";
