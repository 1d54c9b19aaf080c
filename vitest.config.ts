import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { playwright } from "@vitest/browser-playwright";
import type { AliasOptions } from "vite";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { CHROMIUM_PATH } from "./e2e/support/env.ts";
import { preactAliases } from "./vite.config.ts";

/** The runtimes every component test runs on (test/components/runtime.ts checks which one it got). */
export type ComponentRuntime = "react" | "preact" | "react18";

const COMPONENT_TESTS = ["lib/**/*.browser.test.tsx", "test/components/**/*.browser.test.tsx"];

const react18 = resolve(import.meta.dirname, "test/react18/node_modules");
const react18Aliases = {
  // "react" also maps "react/jsx-runtime" (an alias matches the name and the paths under it).
  react: `${react18}/react`,
  "react-dom": `${react18}/react-dom`,
};

const aliasesOf: Record<ComponentRuntime, AliasOptions> = {
  react: {},
  preact: preactAliases,
  react18: react18Aliases,
};

/**
 * Component tests render in real Chromium (Vitest browser mode, Debian's browser through
 * Playwright), once per runtime: react-dom 19, Preact (the element bundle's runtime, `preactAliases`) and
 * react-dom 18 (the lowest peer version). BROWSER_TEST_PORT moves the test page's server off the
 * default port when several checkouts test at once on one machine.
 */
function componentProject(runtime: ComponentRuntime): TestProjectInlineConfiguration {
  const port = process.env.BROWSER_TEST_PORT ? Number(process.env.BROWSER_TEST_PORT) : undefined;
  return {
    resolve: { alias: aliasesOf[runtime] },
    // Listed, so that Vite pre-bundles them before the first test rather than reloading the page
    // when a test first imports one (a reload mid-run would load React twice).
    optimizeDeps: {
      include: [
        "react",
        "react/jsx-dev-runtime",
        "react-dom",
        "react-dom/client",
        "@r2wc/core",
        "preact",
        "nanostores",
        "@nanostores/react",
      ],
    },
    // Each runtime pre-bundles its own copy of the dependencies that import React (nanostores).
    cacheDir: resolve(import.meta.dirname, `node_modules/.vite/components-${runtime}`),
    test: {
      name: `components-${runtime}`,
      include: COMPONENT_TESTS,
      provide: { runtime },
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        api: port ? { port, strictPort: false } : undefined,
        provider: playwright({
          launchOptions: {
            executablePath: CHROMIUM_PATH,
            args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
          },
          contextOptions: { locale: "zh-HK", timezoneId: "Asia/Hong_Kong" },
        }),
        instances: [{ browser: "chromium", viewport: { width: 390, height: 844 } }],
      },
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores (one on a 2-core machine). Every file
    // here has its own database, server on port 0 and temporary folders, so files run side by
    // side; much of their time is waiting on a browser, PostgreSQL or libuv's scrypt threads.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "lib/**/*.test.tsx",
            "build/**/*.test.ts",
            "bench/**/*.test.ts",
            "scripts/**/*.test.ts",
            "test/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...COMPONENT_TESTS],
          environment: "node",
          // One module graph per worker rather than per file: ~50 small files spent more time
          // importing than testing (31 s against 19 s for the project alone on 2 cores). Each
          // file makes its own state; none relies on a fresh module.
          isolate: false,
        },
      },
      {
        test: {
          name: "server",
          include: ["server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["server/test/globalSetup.ts"],
          // Files share a worker's modules (hono, pg, PGlite, the server) instead of importing them
          // anew for each of the ~30 files; each file still has its own server and database, and
          // setup.ts runs before each.
          isolate: false,
          setupFiles: ["server/test/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      componentProject("react"),
      componentProject("preact"),
      componentProject("react18"),
    ],
  },
});

declare module "vitest" {
  export interface ProvidedContext {
    runtime: ComponentRuntime;
  }
}
