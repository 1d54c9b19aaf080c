/**
 * `npm test`'s first step: a Chromium for Vitest's browser mode and the e2e suite. The one
 * e2e/support/env.ts picks (CHROMIUM_PATH, else Debian's headless shell or chromium: CI's path)
 * when there is one; else Playwright's own, which it installs (`npx playwright install chromium`)
 * when missing. When that cannot be done (offline, no npm), one line says what to install.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_PATH } from "../e2e/support/env.ts";

export const NO_BROWSER_LINE =
  "nu-forms: no Chromium for the tests and `npx playwright install chromium` failed: install one (Debian/Ubuntu: `sudo apt-get install -y chromium chromium-headless-shell`; elsewhere, online: `npx playwright install chromium`) or set CHROMIUM_PATH, then run npm test again";

export interface BrowserChoice {
  /** `system`: the machine's own; `playwright`: Playwright's, installed; `install`: to download. */
  kind: "system" | "playwright" | "install";
  path: string;
}

/** Which Chromium the tests will run: the machine's when it has one, else Playwright's. */
export function chooseBrowser(
  systemPath: string | undefined,
  playwrightPath: string,
  exists: (path: string) => boolean = existsSync,
): BrowserChoice {
  if (systemPath) return { kind: "system", path: systemPath };
  return { kind: exists(playwrightPath) ? "playwright" : "install", path: playwrightPath };
}

/** Makes sure there is a browser; `install` runs the installer and says whether it succeeded. */
export function ensureBrowser(
  choice: BrowserChoice,
  install: () => boolean,
  say: (line: string) => void,
): boolean {
  if (choice.kind !== "install") return true;
  say("nu-forms: no Chromium on this machine: downloading Playwright's (npx playwright install chromium)…");
  if (install()) return true;
  say(NO_BROWSER_LINE);
  return false;
}

function playwrightInstall(): boolean {
  const result = spawnSync("npx", ["playwright", "install", "chromium"], { encoding: "utf8" });
  return result.status === 0;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const choice = chooseBrowser(CHROMIUM_PATH, chromium.executablePath());
  if (!ensureBrowser(choice, playwrightInstall, (line) => console.error(line))) process.exit(1);
}
