/**
 * The element bundle as a page without a build step uses it: page-wide configuration (the
 * <meta name="nu-forms:*"> tags and configure() from the module), loading the bundle twice, and a
 * chunk that fails to load. The pages here are plain HTML served at the app's origin (routed), so
 * they carry only the configuration they write themselves.
 */
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { firstStepFiles, nuFormReady, REPO_ROOT } from "./embed-helpers.ts";
import { signIn } from "./nuform-steps.ts";
import { outboxCode, uniqueEmail } from "./support/api.ts";
import { API_KEY, BASE_URL } from "./support/env.ts";
import { expect, type Page, type Request, test } from "./support/test.ts";

function plainPage(head: string, body = "<nu-form></nu-form>"): string {
  return `<!doctype html>
<html lang="zh-Hant-HK">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>plain page</title>
    ${head}
    <script type="module" src="/elements/nu-forms.js"></script>
  </head>
  <body><main><h1>plain page</h1>${body}</main></body>
</html>`;
}

async function open(page: Page, path: string, html: string) {
  await page.route(`${BASE_URL}${path}`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  await page.goto(path);
}

/** The paths under /elements/ the page requests from now on (those `keep` accepts), in order. */
function elementRequests(
  page: Page,
  keep: (request: Request, path: string) => boolean = () => true,
): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/elements/") && keep(request, path)) paths.push(path);
  });
  return paths;
}

/** Asks for a sign-in code and returns the x-api-key the element sent. */
async function sendCode(page: Page, email: string): Promise<string | undefined> {
  const request = page.waitForRequest((r) => r.url().endsWith("/api/auth/email/code"));
  await page.getByRole("combobox", { name: "電郵地址" }).fill(email);
  await page.getByRole("button", { name: "發送電郵" }).click();
  return (await request).headers()["x-api-key"];
}

test("<meta name=nu-forms:api-base|api-key> configure every element of the page", async ({ page }) => {
  await open(
    page,
    "/__embed-meta",
    plainPage(`<meta name="nu-forms:api-base" content="/api">
    <meta name="nu-forms:api-key" content="${API_KEY}">`),
  );
  await nuFormReady(page);
  const email = uniqueEmail("embed-meta");
  expect(await sendCode(page, email)).toBe(API_KEY);
  await expect(page.getByText(`驗證碼已發送至 ${email}`)).toBeVisible();
});

test("configure() in the page's own module beats the <meta>; an attribute beats both", async ({ page }) => {
  // The documented way: the page's module imports the bundle and configures it before any element
  // mounts (elements mount after their chunk loads, always later than this module runs).
  await page.route(`${BASE_URL}/__embed-config.js`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: `import { runtime } from "/elements/nu-forms.js";\nruntime.configure({ apiKey: ${JSON.stringify(API_KEY)} });\n`,
    }),
  );
  await open(
    page,
    "/__embed-configure",
    plainPage(`<meta name="nu-forms:api-key" content="a-wrong-key">
    <script type="module" src="/__embed-config.js"></script>`),
  );
  await nuFormReady(page);
  const email = uniqueEmail("embed-configure");
  expect(await sendCode(page, email)).toBe(API_KEY);
  await expect(page.getByText(`驗證碼已發送至 ${email}`)).toBeVisible();

  await open(
    page,
    "/__embed-attribute",
    plainPage(
      `<meta name="nu-forms:api-key" content="a-wrong-key">
    <script type="module" src="/__embed-config.js"></script>`,
      `<nu-form api-key="attribute-key"></nu-form>`,
    ),
  );
  await nuFormReady(page);
  expect(await sendCode(page, uniqueEmail("embed-attribute"))).toBe("attribute-key");
});

test("the bundle loaded twice (even a second copy from another URL) is harmless", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const dist = resolve(REPO_ROOT, "dist/elements");
  // A second copy of every file of the bundle under another path: a second React, a second runtime.
  await page.route(`${BASE_URL}/copy/elements/**`, (route) => {
    const file = new URL(route.request().url()).pathname.replace(/^\/copy\/elements\//, "");
    route.fulfill({ status: 200, contentType: "text/javascript", body: readFileSync(resolve(dist, file)) });
  });
  await open(
    page,
    "/__embed-twice",
    plainPage(
      `<meta name="nu-forms:api-key" content="${API_KEY}">
    <script type="module" src="/elements/nu-forms.js"></script>
    <script type="module" src="/copy/elements/nu-forms.js"></script>`,
    ),
  );
  await nuFormReady(page);
  const copy = await page.evaluate(async () => {
    const first = await import(new URL("/elements/nu-forms.js", location.href).href);
    const second = await import(new URL("/copy/elements/nu-forms.js", location.href).href);
    return {
      distinct: first.runtime !== second.runtime,
      defined: customElements.get("nu-form") !== undefined,
    };
  });
  expect(copy).toEqual({ distinct: true, defined: true });
  await expect(page.locator("nu-form")).toHaveCount(1);
  expect(await page.getByRole("heading", { name: "以電郵登入" }).count()).toBe(1);
  expect(errors).toEqual([]);
});

/** <nu-form>'s own chunk, with or without a retry query. */
const FLOWS_CHUNK = /\/elements\/chunks\/NuForm-[^/?]+\.js(\?[^/]*)?$/;

/** Records the nu-error events of the page in `window.nuErrors`. */
async function recordErrors(page: Page) {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { nuErrors: unknown[] }).nuErrors = seen;
    document.addEventListener("nu-error", (event) => seen.push((event as CustomEvent).detail));
  });
}
const nuErrors = (page: Page) => page.evaluate(() => (window as unknown as { nuErrors: unknown[] }).nuErrors);
const LOAD_FAILED = { code: "LOAD_FAILED", message: "此部分未能載入，請檢查網絡後再試。" };

test("a chunk that fails to load shows a retry and reports nu-error LOAD_FAILED", async ({ page }) => {
  let block = true;
  await page.route(FLOWS_CHUNK, (route) => (block ? route.abort() : route.continue()));
  await recordErrors(page);
  await open(page, "/__embed-offline", plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`));
  await expect(page.getByRole("alert").filter({ hasText: "此部分未能載入" })).toBeVisible();
  expect(await nuErrors(page)).toContainEqual(LOAD_FAILED);

  block = false;
  await page.getByRole("button", { name: "重試" }).click();
  await nuFormReady(page);
});

test("a chunk that fails twice loads on the second retry", async ({ page }) => {
  let failuresLeft = 2;
  await page.route(FLOWS_CHUNK, (route) => {
    if (failuresLeft === 0) return route.continue();
    failuresLeft--;
    return route.abort();
  });
  await recordErrors(page);
  await open(page, "/__embed-flaky", plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`));
  const alert = page.getByRole("alert").filter({ hasText: "此部分未能載入" });
  await expect(alert).toBeVisible();

  await page.getByRole("button", { name: "重試" }).click();
  await expect.poll(async () => (await nuErrors(page)).length).toBe(2);
  await expect(alert).toBeVisible();
  expect(failuresLeft).toBe(0);

  await page.getByRole("button", { name: "重試" }).click();
  await nuFormReady(page);
  await expect(alert).toBeHidden();
  expect(await nuErrors(page)).toEqual([LOAD_FAILED, LOAD_FAILED]);
});

test("a chunk that <nu-form>'s chunk imports statically fails: the retry loads it too", async ({ page }) => {
  // A chunk only the flows need (not the entry, not the staff tools): its static import by the
  // element's chunk must not keep failing from the module map after one failed download.
  const shared = new Set(firstStepFiles("nu-staff-login"));
  const dependency = firstStepFiles("nu-form").find(
    (path) => !shared.has(path) && !FLOWS_CHUNK.test(path),
  ) as string;
  expect(dependency).toBeDefined();
  let failures = 0;
  await page.route(
    (url) => url.pathname === dependency,
    (route) => (failures++ === 0 ? route.abort() : route.continue()),
  );
  await recordErrors(page);
  await open(page, "/__embed-dependency", plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`));
  await expect(page.getByRole("alert").filter({ hasText: "此部分未能載入" })).toBeVisible();
  await page.getByRole("button", { name: "重試" }).click();
  await nuFormReady(page);
  expect(await nuErrors(page)).toEqual([LOAD_FAILED]);
});

test("a retry never asks the module map for a module script that failed: it imports a fresh URL", async ({
  page,
}) => {
  // The download succeeds but the module script request itself fails once: the case where a
  // browser that keeps failed modules in its module map (Chromium 150, older Safari) would answer
  // every later import() of that URL with the same failure. The chunk has just downloaded, so the
  // loader imports a fresh URL at once (build/chunk-retry.ts): the form comes without a 重試.
  const scripts: string[] = [];
  await page.route(FLOWS_CHUNK, (route) => {
    if (route.request().resourceType() !== "script") return route.continue();
    scripts.push(route.request().url());
    return scripts.length === 1 ? route.abort() : route.continue();
  });
  await recordErrors(page);
  await open(page, "/__embed-module-map", plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`));
  await nuFormReady(page);
  await expect(page.getByRole("alert").filter({ hasText: "此部分未能載入" })).toHaveCount(0);
  expect(await nuErrors(page)).toEqual([]);
  expect(scripts).toHaveLength(2);
  expect(new URL(scripts[0]).search).toBe("");
  expect(new URL(scripts[1]).search).toBe("?retry=1");
  expect(new URL(scripts[1]).pathname).toBe(new URL(scripts[0]).pathname);
});

/**
 * Idle callbacks wait until the test runs them (`runIdle`, with the idle time it grants), so what
 * the sign-in step needs is seen alone.
 */
async function holdIdleCallbacks(page: Page) {
  await page.addInitScript(() => {
    const queued: Array<(deadline: IdleDeadline) => void> = [];
    const w = window as unknown as { runIdle: (ms: number) => number };
    window.requestIdleCallback = (callback) => queued.push(callback);
    window.cancelIdleCallback = () => {};
    w.runIdle = (ms) => {
      const end = performance.now() + ms;
      for (const run of queued.splice(0)) {
        run({ didTimeout: false, timeRemaining: () => Math.max(0, end - performance.now()) });
      }
      return queued.length;
    };
  });
}
/** Runs the idle callbacks queued so far; answers how many were queued meanwhile. */
const runIdle = (page: Page, ms: number) =>
  page.evaluate((ms) => (window as unknown as { runIdle: (ms: number) => number }).runIdle(ms), ms);

/** Idle periods until every queued idle task has run (on a loaded machine 50 ms may not cover a prefetch: the rest waits for the next period). */
async function idleUntilDone(page: Page) {
  for (let round = 0; round < 50 && (await runIdle(page, 50)) > 0; round++);
}

/** The later steps and texts: what a first visit does not download until a code goes out. */
const LATER_PARTS = /\/elements\/chunks\/(PersonInfo|Terms|ProductStep|zh-HK\.later|en\.later)-[^/]+\.js$/;

test("a page with only <nu-form> loads exactly its budgeted sign-in files; the later steps and texts come once a code goes out", async ({
  page,
}) => {
  await holdIdleCallbacks(page);
  const requested = elementRequests(page, (_request, path) => path.endsWith(".js"));
  await open(page, "/__embed-budget", plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`));
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect([...new Set(requested)].sort()).toEqual([...firstStepFiles("nu-form")].sort());
  // While the brand page loads and the e-mail field waits, idle time fetches no later step.
  await idleUntilDone(page);
  await page.waitForLoadState("networkidle");
  expect(requested.filter((path) => LATER_PARTS.test(path))).toEqual([]);

  const laterTexts = page.waitForRequest(/\/elements\/chunks\/zh-HK\.later-[^/]+\.js$/);
  const personStep = page.waitForRequest(/\/elements\/chunks\/PersonInfo-[^/]+\.js$/);
  await sendCode(page, uniqueEmail("embed-later"));
  await expect(page.getByRole("textbox", { name: "驗證碼" })).toBeVisible();
  await idleUntilDone(page);
  await Promise.all([laterTexts, personStep]);
  expect(requested.some((path) => /\/(Staff|jsQR|en-)[^/]*\.js$/.test(path))).toBe(false);
});

test("a form that opens with a code out (a reload) prefetches the later steps at idle at once", async ({
  page,
}) => {
  await holdIdleCallbacks(page);
  await open(page, "/__embed-reload", plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`));
  await sendCode(page, uniqueEmail("embed-reload"));
  await expect(page.getByRole("textbox", { name: "驗證碼" })).toBeVisible();
  await page.reload();
  const requested = elementRequests(page, (_request, path) => path.endsWith(".js"));
  await expect(page.getByRole("textbox", { name: "驗證碼" })).toBeVisible();
  const personStep = page.waitForRequest(/\/elements\/chunks\/PersonInfo-[^/]+\.js$/);
  await idleUntilDone(page);
  await personStep;
  expect(requested.some((path) => /\/PersonInfo-[^/]+\.js$/.test(path))).toBe(true);
});

test('<nu-form lang="en"> loads only the English sign-in texts first; the rest of English comes at idle, never Chinese', async ({
  page,
}) => {
  await holdIdleCallbacks(page);
  const requested = elementRequests(page, (_request, path) => path.endsWith(".js"));
  await open(
    page,
    "/__embed-budget-en",
    plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`, '<nu-form lang="en"></nu-form>'),
  );
  await expect(page.getByRole("combobox", { name: "E-mail address" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect([...new Set(requested)].sort()).toEqual([...firstStepFiles('nu-form lang="en"')].sort());
  expect(firstStepFiles('nu-form lang="en"').some((path) => /\/en-[^/]+\.js$/.test(path))).toBe(true);
  await idleUntilDone(page);
  await page.waitForLoadState("networkidle");
  expect(requested.filter((path) => LATER_PARTS.test(path))).toEqual([]);

  const laterTexts = page.waitForRequest(/\/elements\/chunks\/en\.later-[^/]+\.js$/);
  await page.getByRole("combobox", { name: "E-mail address" }).fill(uniqueEmail("embed-later-en"));
  await page.getByRole("button", { name: "Send e-mail" }).click();
  await expect(page.getByRole("textbox", { name: "Verification code" })).toBeVisible();
  await idleUntilDone(page);
  await laterTexts;
  expect(requested.some((path) => /\/zh-HK\.later-[^/]+\.js$/.test(path))).toBe(false);
});

/** Every text the form has shown, one snapshot per frame (the idle prefetch is held: nothing is loaded ahead). */
async function recordFormTexts(page: Page) {
  await page.addInitScript(`(() => {
    const seen = (window.__formTexts = []);
    const record = () => {
      const root = document.querySelector("nu-form")?.shadowRoot;
      const text = root ? root.textContent : "";
      if (text && seen[seen.length - 1] !== text) seen.push(text);
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  })()`);
}
const formTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __formTexts: string[] }).__formTexts);

test("an English form's later step waits for the rest of English: never a Chinese heading", async ({
  page,
}) => {
  await holdIdleCallbacks(page);
  await recordFormTexts(page);
  const email = uniqueEmail("en-later");
  await open(
    page,
    "/__embed-en-later",
    plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`, '<nu-form lang="en"></nu-form>'),
  );
  await page.getByRole("combobox", { name: "E-mail address" }).fill(email);
  await page.getByRole("button", { name: "Send e-mail" }).click();
  // The code field comes with the server's answer; the outbox has the code only from then on.
  const codeField = page.getByRole("textbox", { name: "Verification code" });
  await expect(codeField).toBeVisible();
  await codeField.fill(await outboxCode({ email }));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("radio", { name: "Hong Kong" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Personal details (Hong Kong)" })).toBeVisible();
  const texts = await formTexts(page);
  expect(texts.some((text) => text.includes("Personal details"))).toBe(true);
  expect(texts.filter((text) => /個人資料|姓氏/.test(text))).toEqual([]);
});

test("switching a signed-in form to English keeps Chinese until all of English is there: never a mix", async ({
  page,
}) => {
  await holdIdleCallbacks(page);
  await recordFormTexts(page);
  await open(page, "/__embed-switch", plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`));
  await signIn(page, uniqueEmail("switch-later"));
  await page.getByRole("radio", { name: "香港" }).check();
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByRole("heading", { name: "個人資料（香港）" })).toBeVisible();
  await page.getByRole("textbox", { name: "姓氏" }).fill("陳");

  await page.locator("nu-form").evaluate((element) => element.setAttribute("lang", "en"));
  await expect(page.getByRole("heading", { name: "Personal details (Hong Kong)" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Last name" })).toHaveValue("陳");
  const mixed = (await formTexts(page)).filter(
    (text) => /Step \d of \d/.test(text) && /個人資料|姓氏/.test(text),
  );
  expect(mixed).toEqual([]);
});

test("the code a first step runs at load is served with V8's compile hint; a later step's is not", async ({
  request,
}) => {
  const HINT = "//# allFunctionsCalledOnLoad\n";
  const firstLine = async (path: string) => (await (await request.get(path)).text()).slice(0, HINT.length);
  const hinted = ["runtime", "flow", "NuForm"].map((name) => {
    const file = firstStepFiles("nu-form").find((f) => f.includes(`/chunks/${name}-`));
    if (!file) throw new Error(`no ${name} chunk in <nu-form>'s first step`);
    return file;
  });
  for (const file of hinted) expect(await firstLine(file), file).toBe(HINT);
  const shell = (await (await request.get("/customer/nuForm")).text()).match(
    /\/assets\/index-[\w-]+\.js/,
  )?.[0];
  expect(shell).toBeTruthy();
  expect(await firstLine(shell as string)).toBe(HINT);
  // Compiled when it is first imported (at idle), not with the page.
  const laterStep = readdirSync(resolve(REPO_ROOT, "dist/elements/chunks")).find((f) =>
    /^PersonInfo-[\w-]+\.js$/.test(f),
  );
  expect(laterStep).toBeTruthy();
  expect(await firstLine(`/elements/chunks/${laterStep}`)).not.toBe(HINT);
});

test("the later steps are prefetched a part per idle period, and each chunk is downloaded once", async ({
  page,
}) => {
  // One idle task that prefetched every later step (and fetched the chunks they share again and
  // again) was the page's longest task (total blocking time).
  await holdIdleCallbacks(page);
  const fetched = elementRequests(page, (request) => request.resourceType() === "fetch");
  await open(page, "/__embed-idle", plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`));
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
  await sendCode(page, uniqueEmail("embed-idle"));
  await expect(page.getByRole("textbox", { name: "驗證碼" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  // An idle period with no time left still does one part, and leaves the rest for the next ones.
  let rounds = 0;
  let queued = await runIdle(page, 0);
  while (queued > 0 && rounds < 50) {
    rounds++;
    queued = await runIdle(page, 0);
  }
  expect(queued).toBe(0);
  expect(rounds).toBeGreaterThan(2);
  await page.waitForLoadState("networkidle");
  await expect.poll(() => fetched.some((path) => /\/PersonInfo-[^/]+\.js$/.test(path))).toBe(true);
  const twice = fetched.filter((path, i) => fetched.indexOf(path) !== i);
  expect(twice).toEqual([]);
});

/** Animation frames wait until the test releases them; the page reports no paint of its own. */
async function holdFrames(page: Page, { hidden = false } = {}) {
  await page.addInitScript((hidden) => {
    const queued: FrameRequestCallback[] = [];
    const w = window as unknown as { releaseFrames: () => void };
    window.requestAnimationFrame = (callback) => queued.push(callback);
    w.releaseFrames = () => {
      for (const run of queued.splice(0)) run(performance.now());
    };
    const byType = performance.getEntriesByType.bind(performance);
    performance.getEntriesByType = (type: string) => (type === "paint" ? [] : byType(type));
    if (hidden) Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
  }, hidden);
}

test("the bundle asks for the elements' code only after the page's first frame, so a brand page paints first", async ({
  page,
}) => {
  await holdFrames(page);
  const requested = elementRequests(page);
  await open(page, "/__embed-first-frame", plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`));
  await page.waitForLoadState("networkidle");
  expect(requested).toEqual(["/elements/nu-forms.js"]);
  expect(await page.evaluate(() => customElements.get("nu-form") === undefined)).toBe(true);

  const releaseFrames = () =>
    page.evaluate(() => (window as unknown as { releaseFrames: () => void }).releaseFrames());
  await releaseFrames();
  // First the sign-in stand-in (lib/flows/shared/signInStandIn.ts); the runtime after its frame.
  await expect(page.getByRole("textbox", { name: "電郵地址" })).toBeVisible();
  expect([...new Set(requested)].sort()).toEqual([...firstStepFiles("nu-form stand-in")].sort());
  await releaseFrames();
  await nuFormReady(page);
  expect(requested).toEqual(expect.arrayContaining(firstStepFiles("nu-form")));
});

test("in a hidden tab (no frames to wait for) the bundle defines the elements at once", async ({ page }) => {
  await holdFrames(page, { hidden: true });
  await open(page, "/__embed-hidden", plainPage(`<meta name="nu-forms:api-key" content="${API_KEY}">`));
  await page.evaluate(() => customElements.whenDefined("nu-form"));
});
