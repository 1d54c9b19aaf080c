/**
 * The page does not move while the form arrives (Core Web Vitals' CLS, issue 11): layout-shift
 * entries from navigation until the sign-in step is ready and the browser has been idle once,
 * on the hosted entry page and on the brand page that embeds <nu-form>.
 */
import { expect, type Page, test } from "@playwright/test";
import { nuFormReady } from "./embed-helpers.ts";

declare global {
  interface Window {
    __shifts: { value: number; sources: string[] }[];
  }
}

async function layoutShifts(page: Page, path: string) {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map((s) => (s.node as Element | null)?.className?.toString() ?? "?");
        window.__shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  // A slow connection: the page paints before the form's code arrives, as on a phone.
  await page.route(/\/elements\/chunks\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto(path);
  await nuFormReady(page);
  await page.waitForLoadState("load");
  // One idle callback: the later steps' prefetch has started, and any late layout with it.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  return page.evaluate(() => window.__shifts);
}

for (const path of ["/customer/nuForm", "/demo/"]) {
  test(`${path} does not move while the form arrives (CLS ≤ 0.02)`, async ({ page }) => {
    const shifts = await layoutShifts(page, path);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
  });
}

test("the hosted page keeps its footer below the fold while the form's code is on its way", async ({
  page,
}) => {
  // The element bundle never arrives: what shows is the shell a slow connection shows first.
  await page.route(/\/elements\/chunks\/(flow|NuForm)-/, () => {});
  await page.goto("/customer/nuForm", { waitUntil: "domcontentloaded" });
  const footer = page.locator("footer.site-footer");
  await expect(footer).toBeVisible();
  const top = await footer.evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual((page.viewportSize()?.height ?? 0) - 1);
});
