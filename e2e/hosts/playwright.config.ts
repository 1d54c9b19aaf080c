import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH } from "../support/env.ts";

/**
 * `npm run test:hosts`: the packed npm package installed into React, Next.js, Vue and Svelte apps and
 * a plain page (e2e/hosts). Needs dist/ (`npm run build:lib`) and the npm registry; no server of ours.
 */
export default defineConfig({
  testDir: ".",
  timeout: 60_000,
  // A run that hangs fails in time instead of holding CI (it takes about 1.5 min on 2 cores).
  globalTimeout: 10 * 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    locale: "zh-HK",
    timezoneId: "Asia/Hong_Kong",
    viewport: { width: 390, height: 844 },
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    },
  },
});
