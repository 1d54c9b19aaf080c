/**
 * `npm run test:engines`: the checks of checks.ts in Firefox ESR and WebKitGTK (after `npm run
 * build`). Starts servers of its own for each engine (harness.ts) and, when DISPLAY is unset, an Xvfb for MiniBrowser;
 * stops them all at the end. The two engines run side by side. `--engine firefox|webkit` runs one,
 * `--grep <text>` only the checks whose name contains it.
 * Prints one line per check and engine (ENGINES_STACK=1: a failure with its stack), then
 * `N passed, N failed`; exits 1 on any failure.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser } from "puppeteer-core";
import { CHECKS } from "./checks.ts";
import {
  type EngineName,
  type EnginePage,
  firefoxPage,
  launchFirefox,
  stopWebKitDriver,
  webkitPage,
} from "./drivers.ts";
import { startServers } from "./harness.ts";

const dist = resolve(import.meta.dirname, "../../dist/elements/nu-forms.js");
if (!existsSync(dist)) {
  console.error("test:engines needs the build: run `npm run build` first.");
  process.exit(1);
}

const only = process.argv.includes("--engine") ? process.argv[process.argv.indexOf("--engine") + 1] : null;
const filter = process.argv.includes("--grep") ? process.argv[process.argv.indexOf("--grep") + 1] : null;
const engines = (["firefox", "webkit"] as EngineName[]).filter((engine) => !only || engine === only);
const checks = CHECKS.filter((check) => !filter || check.name.includes(filter));

async function startXvfb(): Promise<ChildProcess | null> {
  if (process.env.DISPLAY || !engines.includes("webkit")) return null;
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1400x1000x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  });
  const display = await new Promise<string>((done, fail) => {
    let text = "";
    xvfb.stdio[3]?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) done(text.trim());
    });
    xvfb.once("exit", (code) => fail(new Error(`Xvfb exited with ${code}`)));
  });
  process.env.DISPLAY = `:${display}`;
  return xvfb;
}

/**
 * Waits for a browser's or server's shutdown at most `ms`: a driver that never answers its close
 * (seen with WebKitWebDriver and Firefox's BiDi on a busy machine) must not hold the run open.
 */
function settle(shutdown: Promise<unknown>, ms = 10_000): Promise<boolean> {
  return Promise.race([
    shutdown.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((done) => setTimeout(() => done(false), ms).unref()),
  ]);
}

/**
 * A check that has not ended in this time has hung on its browser (a WebKit session that never
 * ended once ran CI into its 90-minute limit): it fails, and the engine's browser is killed and
 * started again for the next check. The whole run has a deadline of its own too.
 */
const CHECK_DEADLINE_MS = 120_000;
const RUN_DEADLINE_MS = 10 * 60_000;

class Hung extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Hung(`no end within ${ms / 1000} s: its browser was killed`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const started = Date.now();
setTimeout(() => {
  // The exit stops what the run started (drivers.ts: the WebKit driver, every Firefox).
  console.log(`test:engines: not done after ${RUN_DEADLINE_MS / 60_000} min; stopped`);
  process.exit(1);
}, RUN_DEADLINE_MS).unref();
const xvfb = await startXvfb();
let passed = 0;
let failed = 0;

async function runEngine(engine: EngineName): Promise<void> {
  // Servers of its own: a check that fails a download (failNext) or reads the requests must not
  // meet the other engine's checks, which run at the same time.
  const servers = await startServers();
  let firefox: Browser | null = null;
  let shared: EnginePage | null = null;
  const open = async (fresh: boolean): Promise<EnginePage> => {
    if (engine === "webkit") {
      // WebKitWebDriver holds one session at a time.
      if (fresh && shared) {
        // A session that does not end holds the driver: the next one would wait for it for ever.
        if (!(await settle(shared.close()))) shared.abandon();
        shared = null;
      }
      if (fresh) return webkitPage(servers.url);
      shared ??= await webkitPage(servers.url);
      return shared;
    }
    // Firefox: a browser of its own for a check that fails a download, else a new context.
    if (fresh) {
      const browser = await launchFirefox();
      const page = await firefoxPage(browser, servers.url);
      return { ...page, close: () => browser.close() };
    }
    if (!firefox) {
      firefox = await launchFirefox();
      console.log(`  (Firefox ${await firefox.version()})`);
    }
    return firefoxPage(firefox, servers.url);
  };
  for (const check of checks) {
    const t0 = Date.now();
    let page: EnginePage | null = null;
    try {
      await within(
        (async () => {
          page = await open(!!check.fresh);
          await check.run(page, servers);
        })(),
        CHECK_DEADLINE_MS,
      );
      passed++;
      console.log(`  ✓ [${engine}] ${check.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed++;
      if (error instanceof Hung) {
        // What it hung on is killed; the next check starts the engine's browser afresh.
        (page as EnginePage | null)?.abandon();
        if (engine === "webkit") {
          stopWebKitDriver();
          shared = null;
        } else {
          (firefox as Browser | null)?.process()?.kill("SIGKILL");
          firefox = null;
        }
        page = null;
      }
      console.log(
        `  ✗ [${engine}] ${check.name}\n      ${error instanceof Error ? (process.env.ENGINES_STACK ? error.stack : error.message) : error}`,
      );
    } finally {
      if (page && page !== shared && !(await settle((page as EnginePage).close())))
        (page as EnginePage).abandon();
    }
  }
  if (shared) await settle((shared as EnginePage).close());
  if (firefox) await settle((firefox as Browser).close());
  await settle(servers.stop());
}

try {
  await Promise.all(engines.map(runEngine));
} finally {
  console.log(`${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  // Whatever does not stop in time is left to the exit below (the children are this process's).
  setTimeout(() => process.exit(failed ? 1 : 0), 20_000);
  stopWebKitDriver();
  xvfb?.kill("SIGTERM");
}
process.exit(failed ? 1 : 0);
