/**
 * A phone's or a counter's bad network (the bad-network audit): a page's own chunk that fails to
 * load, and a maintenance endpoint that never answers. Requests are failed or held with
 * `page.route`; the server and its records are the shared ones, never changed here.
 */

import { heading, signIn } from "./nuform-steps.ts";
import { uniqueEmail } from "./support/api.ts";
import { BASE_URL } from "./support/env.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Counts the page's own loads and reloads by their document requests (a reload is seen as soon as
 * it asks, before it shows), and installs the page's clock for `expectNoLaterReload`.
 */
async function countLoads(page: Page): Promise<{ readonly count: number }> {
  await page.clock.install();
  const loads = { count: 0 };
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count++;
  });
  return loads;
}

/**
 * No reload comes after the failure view. The page decides on a failure at once (reload or the
 * view: hosts/lazyPage.tsx, lib/load/lazy.tsx), so a later reload could only come from a timer:
 * the page's clock is moved past several rounds of the old endless reload (about two a second),
 * then the page is asked once more, after any reload those timers started has sent its request.
 */
async function expectNoLaterReload(page: Page, loads: { readonly count: number }, count: number) {
  await page.clock.runFor(SETTLE_MS);
  const stayed = await page
    .evaluate(() => document.readyState)
    .then(
      () => true,
      () => false, // its document went: a reload
    );
  expect(stayed, "no reload after the failure view").toBe(true);
  expect(loads.count).toBe(count);
}

/** Fails the host page chunk whose file starts with `name` while `state.fail` is true. */
async function failChunk(page: Page, name: string, state: { fail: boolean; requests: number }) {
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), (route) => {
    state.requests++;
    return state.fail ? route.abort("failed") : route.continue();
  });
}

/** Several rounds of the old endless reload (about two a second). */
const SETTLE_MS = 2_000;

test("a staff page whose chunk fails reloads once, then offers 重新載入; the retry works once the network does", async ({
  page,
}) => {
  const loads = await countLoads(page);
  const chunk = { fail: true, requests: 0 };
  await failChunk(page, "StaffPage", chunk);
  await page.goto("/staff/home");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("未能載入表格");
  await expect(page.getByRole("alert")).toHaveText("網絡不穩定，表格未能載入。請檢查網絡連線後再試。");
  await expectNoLaterReload(page, loads, 2); // the page, and one automatic reload
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: test.info().outputPath("staff-chunk-failed-390.png"), fullPage: true });

  // 重新載入 while the file still fails: the same view again, no automatic reload after it.
  await page.getByRole("button", { name: "重新載入" }).click();
  await expect(page.getByRole("button", { name: "重新載入" })).toBeVisible();
  await expectNoLaterReload(page, loads, 3);

  chunk.fail = false;
  await page.getByRole("button", { name: "重新載入" }).click();
  await expect(page.getByRole("textbox", { name: "職員編號" })).toBeEditable();
  expect(loads.count).toBe(4);

  // The chunk loaded, so a later failure of it (the next deploy) gets its one reload again.
  chunk.fail = true;
  await page.goto("/staff/home");
  await expect(page.getByRole("button", { name: "重新載入" })).toBeVisible();
  await expectNoLaterReload(page, loads, 6);
});

test("a page chunk that fails once (a deploy replaced it, a blip) loads after the one reload", async ({
  page,
}) => {
  const loads = await countLoads(page);
  const chunk = { fail: true, requests: 0 };
  // The import's own download fails once. The page may also warm its cache with a fetch() of
  // the same file as its HTML is read (server/html.ts): that one is left alone, or the
  // failure would land on the warm-up, which nothing waits for.
  await page.route(/\/assets\/StaffPage-[\w-]+\.js$/, (route) => {
    if (route.request().resourceType() !== "script") return route.continue();
    chunk.requests++;
    return chunk.requests === 1 ? route.abort("failed") : route.continue();
  });
  await page.goto("/staff/home");
  await expect(page.getByRole("textbox", { name: "職員編號" })).toBeEditable();
  expect(loads.count).toBe(2);
  await expect(page.getByRole("button", { name: "重新載入" })).toHaveCount(0);
});

test("home whose chunk fails, in English: one reload, then the English load error and Reload", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "nu-forms-lang", value: "en", url: BASE_URL }]);
  await page.addInitScript(() => localStorage.setItem("nu-forms:lang", "en"));
  const loads = await countLoads(page);
  const chunk = { fail: true, requests: 0 };
  await failChunk(page, "sitePages", chunk);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The form could not be loaded");
  await expect(page.getByRole("alert")).toContainText("check your connection");
  await expectNoLaterReload(page, loads, 2);
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: test.info().outputPath("home-chunk-failed-en-390.png"), fullPage: true });

  chunk.fail = false;
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("link", { name: /^Member registration/ })).toBeVisible();
});

test("an element chunk that fails on a host page shows 重試 and never reloads the page", async ({ page }) => {
  // The element bundle has no Vite preload helper (library build): its chunks never reach the
  // shell's page reload; lib/load/lazy.tsx offers 重試 in the element instead.
  const loads = await countLoads(page);
  await page.route(/\/elements\/chunks\/NuForm-[^/?]+\.js(\?[^/]*)?$/, (route) => route.abort("failed"));
  await page.goto("/customer/nuForm");
  await expect(page.getByRole("alert").filter({ hasText: "此部分未能載入" })).toBeVisible();
  await page.getByRole("button", { name: "重試" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "此部分未能載入" })).toBeVisible();
  await expectNoLaterReload(page, loads, 1);
});

/**
 * Fails the element chunk whose file starts with `name` (any `?retry=N` URL of it too) while
 * `state.fail` is true: during the first load, the page's own early download
 * of it fails with the loader's download, as on a phone that lost its network for a moment.
 */
async function failElementChunk(page: Page, name: string, state: { fail: boolean; requests: number }) {
  await page.route(new RegExp(`/elements/chunks/${name}-[^/?]+\\.js(\\?[^/]*)?$`), (route) => {
    state.requests++;
    return state.fail ? route.abort("failed") : route.continue();
  });
}

// (A chunk the element's chunk imports statically whose early load failed is remembered by the
// module map under a URL written in the chunk: that part comes back with the page.)
test("the element's own chunk (NuForm) fails during the first load: the first 重試 once the network is back brings the form", async ({
  page,
}) => {
  const loads = await countLoads(page);
  const chunk = { fail: true, requests: 0 };
  await failElementChunk(page, "NuForm", chunk);
  await page.goto("/customer/nuForm");
  await expect(page.getByRole("alert").filter({ hasText: "此部分未能載入" })).toBeVisible();
  expect(chunk.requests).toBeGreaterThan(0);
  chunk.fail = false;
  await page.getByRole("button", { name: "重試" }).click();
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeEditable();
  await expect(page.getByRole("alert").filter({ hasText: "此部分未能載入" })).toHaveCount(0);
  expect(loads.count).toBe(1); // the part came back in the page, not by a reload
});

test("a maintenance endpoint that never answers holds the entry 3 s once, then no step waits for it (60 s)", async ({
  page,
}) => {
  const held: string[] = [];
  let asked = 0;
  // Held for ever: the request is never answered nor failed (a dropped SYN, a proxy that hangs).
  await page.route("**/api/maintenance", (route) => {
    asked ||= Date.now();
    held.push(route.request().url());
  });
  const overlay = page.locator(".loading-overlay");
  await page.goto("/customer/nuForm");
  // The live field (the served one takes text at once, and hands it over: host-paint.spec.ts).
  await expect(page.locator("nu-form").getByRole("combobox", { name: "電郵地址" })).toBeEditable({
    timeout: 15_000,
  });
  // From the check's request to the live field: the page's own loading is not the check's wait.
  const entryWait = Date.now() - asked;
  expect(entryWait).toBeGreaterThanOrEqual(2_900); // the check did wait for its 3 s
  expect(entryWait).toBeLessThan(6_000); // not the client's 15 s
  await expect(overlay).toHaveCount(0);
  expect(held).toHaveLength(1);

  const email = uniqueEmail("hung-maintenance");
  await signIn(page, email);
  await expect(page.getByText(`你已用 ${email} 登入。`)).toBeVisible();
  await page.getByRole("radio", { name: "香港" }).check();
  const next = Date.now();
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(heading(page, "個人資料（香港）")).toBeVisible({ timeout: 2_000 });
  expect(Date.now() - next).toBeLessThan(2_000);
  await expect(overlay).toHaveCount(0);
  // The guarded step of a signed-in customer did not ask again: the failure is remembered.
  expect(held).toHaveLength(1);
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: test.info().outputPath("maintenance-hung-step-390.png"), fullPage: true });
});
