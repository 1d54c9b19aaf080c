/**
 * The staff budget counts what the staff home really loads: every script /staff/home fetches
 * (the host shell, the element entry and every chunk), gzip-summed file by file as size-limit
 * does, is within the `/staff/home` budget of .size-limit.js — and is exactly the files that
 * budget lists, so a chunk the build does not list (the customer flows' code) fails here.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { firstStepFiles, REPO_ROOT } from "./embed-helpers.ts";
import { expect, type Page, test } from "./support/test.ts";

interface Budget {
  name: string;
  path: string | string[];
  limit: string;
}

/** The budget whose name starts with `name`, from .size-limit.js (which reads the build's lists). */
async function budget(name: string): Promise<{ files: string[]; limitBytes: number }> {
  const { default: budgets } = (await import(resolve(REPO_ROOT, ".size-limit.js"))) as { default: Budget[] };
  const found = budgets.find((b) => b.name.startsWith(name));
  if (!found) throw new Error(`.size-limit.js has no budget named ${name}`);
  const match = /^([\d.]+) (kB|B)$/.exec(found.limit);
  if (!match) throw new Error(`unreadable limit ${found.limit}`);
  const limitBytes = Math.round(Number(match[1]) * (match[2] === "kB" ? 1000 : 1));
  return { files: [found.path].flat(), limitBytes };
}

/** The built file a script URL path is served from (server/static.ts). */
function distFile(path: string): string {
  if (path.startsWith("/elements/")) return `dist${path}`;
  if (path.startsWith("/assets/")) return `dist/hosts${path}`;
  throw new Error(`a script from an unexpected place: ${path}`);
}

const gzipBytes = (file: string) => gzipSync(readFileSync(resolve(REPO_ROOT, file)), { level: 9 }).length;

/**
 * Idle callbacks wait until `runIdle` (the sign-in prefetches the other tools' texts at idle), so
 * what the first screen needs is seen alone; and the scripts the page requests, as dist files.
 */
async function watchScripts(page: Page) {
  await page.addInitScript(() => {
    const queued: Array<(deadline: IdleDeadline) => void> = [];
    window.requestIdleCallback = (callback) => queued.push(callback);
    window.cancelIdleCallback = () => {};
    (window as unknown as { runIdle: () => void }).runIdle = () => {
      for (const run of queued.splice(0)) run({ didTimeout: false, timeRemaining: () => 50 });
    };
  });
  const scripts = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.add(distFile(new URL(request.url()).pathname));
  });
  return {
    loaded: () => [...scripts].sort(),
    /** Runs the queued idle callbacks; resolves with the next script request matching `pattern`. */
    atIdle: async (pattern: RegExp) => {
      const request = page.waitForRequest(pattern);
      await page.evaluate(() => (window as unknown as { runIdle: () => void }).runIdle());
      return request;
    },
  };
}

test("/staff/home loads exactly the budgeted scripts, and they are within the staff budget", async ({
  page,
}) => {
  const scripts = await watchScripts(page);
  await page.goto("/staff/home");
  await expect(page.getByRole("heading", { name: "職員登入" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "職員編號" })).toBeEditable();
  // Nothing more is fetched once the page has settled (later chunks would be preloads).
  await page.waitForLoadState("networkidle");

  const { files, limitBytes } = await budget("/staff/home");
  const loaded = scripts.loaded();
  expect(loaded.length).toBeGreaterThan(5);
  expect(loaded).toEqual([...files].sort());
  expect(loaded.filter((file) => /\/(NuForm|RecruitmentForm|EmailLogin|FlowRoot)-/.test(file))).toEqual([]);
  // The first screen does not wait for the other staff tools' texts: they come at idle.
  expect(loaded.filter((file) => /\/(zh-HK|en)\.later-/.test(file))).toEqual([]);
  await scripts.atIdle(/\/elements\/chunks\/zh-HK\.later-[^/]+\.js$/);

  const total = loaded.reduce((sum, file) => sum + gzipBytes(file), 0);
  test.info().annotations.push({ type: "gzip bytes", description: String(total) });
  expect(total).toBeLessThanOrEqual(limitBytes);
});

test("an English staff page loads the English texts its sign-in needs, and not the Chinese ones", async ({
  page,
  baseURL,
}) => {
  // A staff member who chose English earlier: the stored choice and the cookie the server reads.
  await page.context().addCookies([{ name: "nu-forms-lang", value: "en", url: baseURL as string }]);
  await page.addInitScript(() => localStorage.setItem("nu-forms:lang", "en"));
  const scripts = await watchScripts(page);
  await page.goto("/staff/home");
  await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Staff ID" })).toBeEditable();
  await page.waitForLoadState("networkidle");

  const { files } = await budget("/staff/home");
  const chinese = firstStepFiles("nu-staff-login").map(distFile);
  const english = firstStepFiles('nu-staff-login lang="en"').map(distFile);
  expect(english.some((file) => /\/en-[^/]+\.js$/.test(file))).toBe(true);
  const expected = new Set([...files.filter((file) => !chinese.includes(file)), ...english]);
  expect(scripts.loaded()).toEqual([...expected].sort());
  // The rest of English comes at idle, and no Chinese texts at all.
  await scripts.atIdle(/\/elements\/chunks\/en\.later-[^/]+\.js$/);
  await page.waitForLoadState("networkidle");
  expect(scripts.loaded().filter((file) => /\/zh-HK\.later-/.test(file))).toEqual([]);
});
