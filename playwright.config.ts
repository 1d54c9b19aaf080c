import { defineConfig, devices } from "@playwright/test";
import {
  ALS_PLAYBACK_URL,
  ALS_PORT,
  BASE_URL,
  CHROMIUM_PATH,
  CROSS_ORIGIN,
  E2E_PORT,
} from "./e2e/support/env.ts";

/**
 * e2e against the real thing: `npm start` (build + server with an in-memory PostgreSQL, seeded
 * demo data) and the ALS playback server, driven in Debian's Chromium.
 */
export default defineConfig({
  testDir: "e2e",
  // The packed package in framework apps: its own run (npm run test:hosts, playwright.hosts.config.ts).
  testIgnore: ["hosts/**"],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    locale: "zh-HK",
    timezoneId: "Asia/Hong_Kong",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        launchOptions: {
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
        },
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
    {
      command: "npm start",
      url: `${BASE_URL}/api/maintenance`,
      env: {
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        DATABASE_URL: "memory://",
        ALS_URL: ALS_PLAYBACK_URL,
        APP_ENV: "prod",
        // A brand site on another origin (e2e/embed-cross-origin.spec.ts): localhost vs 127.0.0.1.
        ALLOWED_ORIGINS: CROSS_ORIGIN,
      },
      // 401 without the key still proves the server is up.
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "ignore",
    },
  ],
});
