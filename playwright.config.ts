import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { ALS_PLAYBACK_URL, ALS_PORT, CHROMIUM_PATH } from "./e2e/support/env.ts";

/**
 * e2e against the real thing: the build in dist/ (`npm run build` first: `npm run test:e2e` does
 * both), served by the real server, one server with its own in-memory PostgreSQL per worker
 * (e2e/support/test.ts), and the address-lookup playback, driven in Debian's Chromium.
 * The packed package in framework apps runs on its own: `npm run test:hosts` (e2e/hosts/playwright.config.ts).
 */
const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=LocalNetworkAccessChecks",
  ],
};

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/needsBuild.ts",
  // The packed package in framework apps: its own run (npm run test:hosts, e2e/hosts/playwright.config.ts).
  testIgnore: ["hosts/**"],
  timeout: 60_000,
  // A run that hangs fails in time instead of holding CI (it takes about 6 min on 2 cores).
  globalTimeout: 20 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Math.max(2, availableParallelism()),
  retries: 0,
  reporter: [["list"]],
  use: {
    locale: "zh-HK",
    timezoneId: "Asia/Hong_Kong",
    // Off: recording a trace of every test costs CPU the 2-core budget has not got. To see one,
    // run the failing test alone with --trace on.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        // The phone's layout (width, touch, mobile viewport) at 1 device pixel per CSS pixel: the
        // Pixel 7's 2.625 rasters seven times the pixels for no test's sake (a third of the CPU).
        deviceScaleFactor: 1,
        launchOptions,
      },
    },
  ],
  webServer: [
    {
      command: "node --import tsx e2e/support/als-playback.ts",
      url: `${ALS_PLAYBACK_URL}?q=ping`,
      env: { ALS_PORT: String(ALS_PORT) },
      reuseExistingServer: false,
      timeout: 20_000,
    },
  ],
});
