/**
 * The flows' sign-in step before their code (lib/flows/shared/signInStandIn.ts): on
 * a page with only the entry script and `<nu-form>`, the e-mail field shows and takes text from a
 * few kB, before the runtime is even requested; the live step then takes over in place with what
 * was typed, the focus and a 發送電郵 pressed meanwhile. The runtime is held here to look at the
 * stand-in alone.
 */

import { firstStepFiles } from "./embed-helpers.ts";
import { outboxCode, uniqueEmail } from "./support/api.ts";
import { expectNoA11yViolations } from "./support/axe.ts";
import { API_KEY, BASE_URL } from "./support/env.ts";
import { expect, type Page, test } from "./support/test.ts";

test.use({ viewport: { width: 390, height: 844 } });

/** A brand page with only the entry script and `element`, at `path`; the element scripts it requests. */
async function brandPage(page: Page, path: string, element: string): Promise<string[]> {
  const requested: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    // Each once: a chunk is fetched, then imported from the cache (build/chunk-retry.ts).
    if (url.pathname.startsWith("/elements/") && !requested.includes(url.pathname))
      requested.push(url.pathname);
  });
  await page.addInitScript(() => {
    (window as unknown as { __shifts: number[] }).__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        (window as unknown as { __shifts: number[] }).__shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.route(`${BASE_URL}${path}`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html lang="zh-Hant-HK"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>Brand page</title><script type="module" src="/elements/nu-forms.js"></script></head>
<body><main><h1>Brand page</h1><p>Brand text above the form.</p>${element}<p>Brand text below the form.</p></main></body></html>`,
    }),
  );
  return requested;
}

/** Holds the element runtime until `release()`; `failWith` aborts it instead. */
async function holdRuntime(page: Page) {
  let release!: (abort?: boolean) => void;
  const released = new Promise<boolean>((resolve) => {
    release = (abort = false) => resolve(abort);
  });
  await page.route(/\/elements\/chunks\/runtime-[^/]+\.js$/, async (route) => {
    if (await released) await route.abort("failed");
    else await route.continue();
  });
  return release;
}

const box = (page: Page) => page.locator("nu-form, nu-recruitment-form").boundingBox();

test("<nu-form>'s e-mail field shows and takes text before the runtime is requested; the live step takes over with it", async ({
  page,
}) => {
  const requested = await brandPage(page, "/e2e-stand-in", `<nu-form api-key="${API_KEY}"></nu-form>`);
  const release = await holdRuntime(page);
  await page.goto("/e2e-stand-in", { waitUntil: "domcontentloaded" });
  const field = page.getByRole("textbox", { name: "電郵地址" });
  await expect(field).toBeVisible();
  // What the page needed for it: the stand-in's files, not the runtime (requested after its paint).
  const before = requested.filter((file) => !/chunks\/(runtime|elements)-/.test(file));
  expect(before.sort()).toEqual([...firstStepFiles("nu-form stand-in")].sort());
  await expect(page.getByRole("heading", { name: "以電郵登入" })).toBeVisible();
  await expect(page.getByText("第 1 步（共 5 步）")).toBeVisible();
  await expectNoA11yViolations(page);
  const standInBox = await box(page);

  const email = uniqueEmail("stand-in");
  await field.click();
  await page.keyboard.type(email);
  await page.getByRole("button", { name: "發送電郵" }).click();
  await expect(page.getByText("發送中…")).toBeVisible();
  release();

  const live = page.getByRole("combobox", { name: "電郵地址" });
  await expect(live).toHaveValue(email);
  await expect(page.getByText(`驗證碼已發送至 ${email}`)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "電郵地址" })).toHaveCount(0);
  expect(await outboxCode({ email })).toMatch(/^\d{6}$/);
  expect((await box(page))?.y).toBe(standInBox?.y);
});

test("focus and a half-typed address go over to the live field, which then takes the next keys", async ({
  page,
}) => {
  await brandPage(page, "/e2e-stand-in-focus", `<nu-form api-key="${API_KEY}"></nu-form>`);
  const release = await holdRuntime(page);
  await page.goto("/e2e-stand-in-focus", { waitUntil: "domcontentloaded" });
  const field = page.getByRole("textbox", { name: "電郵地址" });
  await field.click();
  await page.keyboard.type("chan.tai");
  const standInBox = await box(page);
  // From here on (the stand-in's own arrival is the brand page's to reserve: docs/embedding.md).
  await page.evaluate(() => {
    (window as unknown as { __shifts: number[] }).__shifts = [];
  });
  release();
  const live = page.getByRole("combobox", { name: "電郵地址" });
  await expect(live).toHaveValue("chan.tai");
  await expect(live).toBeFocused();
  await page.keyboard.type("@example.com");
  await expect(live).toHaveValue("chan.tai@example.com");
  // The live step replaced the stand-in box for box: the brand page did not move.
  expect(await box(page)).toEqual(standInBox);
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
});

test('<nu-form lang="en"> and <nu-recruitment-form> draw their own sign-in step', async ({ page }) => {
  const requested = await brandPage(
    page,
    "/e2e-stand-in-en",
    `<nu-form lang="en" api-key="${API_KEY}"></nu-form><nu-recruitment-form api-key="${API_KEY}"></nu-recruitment-form>`,
  );
  const release = await holdRuntime(page);
  await page.goto("/e2e-stand-in-en", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("textbox", { name: "E-mail address" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in with your e-mail" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "以電郵登入" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "電郵地址" })).toBeVisible();
  const before = requested.filter((file) => !/chunks\/(runtime|elements)-/.test(file));
  expect(before.sort()).toEqual([...firstStepFiles('nu-form lang="en" stand-in')].sort());
  await expectNoA11yViolations(page);
  release();
  await expect(page.getByRole("combobox", { name: "E-mail address" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /E-mail address|電郵地址/ })).toHaveCount(0);
});

test("no stand-in where the live element opens on something else: a draft, a signed-in customer, a host-driven step", async ({
  browser,
}) => {
  const cases: [string, string][] = [
    ["sessionStorage.setItem('nu-draft:nuform', '{}')", "<nu-form>"],
    ["localStorage.setItem('CUSTOMER_TOKEN', 'x')", "<nu-form>"],
    ["", '<nu-form step="login">'],
  ];
  for (const [setup, open] of cases) {
    const context = await browser.newContext({ baseURL: BASE_URL });
    const page = await context.newPage();
    if (setup) await page.addInitScript(setup);
    await brandPage(page, "/e2e-no-stand-in", `${open.replace(">", ` api-key="${API_KEY}">`)}</nu-form>`);
    const release = await holdRuntime(page);
    const runtimeAsked = page.waitForRequest(/\/chunks\/runtime-/);
    await page.goto("/e2e-no-stand-in", { waitUntil: "domcontentloaded" });
    await runtimeAsked;
    await expect(page.getByRole("textbox", { name: "電郵地址" }), setup || open).toHaveCount(0);
    release();
    await expect(page.locator("nu-form")).toHaveJSProperty("isConnected", true);
    await context.close();
  }
});

test("when the runtime cannot load, the stand-in says so instead of sending for ever", async ({ page }) => {
  await brandPage(page, "/e2e-stand-in-offline", `<nu-form api-key="${API_KEY}"></nu-form>`);
  const release = await holdRuntime(page);
  await page.goto("/e2e-stand-in-offline", { waitUntil: "domcontentloaded" });
  await page.getByRole("textbox", { name: "電郵地址" }).fill("chan@example.com");
  await page.getByRole("button", { name: "發送電郵" }).click();
  release(true);
  await expect(page.getByRole("alert")).toHaveText("此部分未能載入，請檢查網絡後再試。");
  await expect(page.getByRole("textbox", { name: "電郵地址" })).toHaveValue("chan@example.com");
});
