/**
 * The page does not move while the form arrives (Core Web Vitals' CLS): layout-shift
 * entries from navigation until the sign-in step is ready and the browser has been idle once,
 * on the hosted entry page and on the brand page that embeds <nu-form>.
 */

import { nuFormReady } from "./embed-helpers.ts";
import { expect, type Page, test } from "./support/test.ts";

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

// The element's own reserve (lib/load/lazy.tsx) is its sign-in step's height with the default
// fonts, in both languages, at a phone's width and a desktop's: nothing moves when the step comes.
for (const width of [390, 1024]) {
  for (const lang of ["zh-HK", "en"]) {
    test(`<nu-form lang="${lang}"> at ${width} px reserves the height its sign-in step then has`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/elements\/chunks\/(flow|NuForm)-/, async (route) => {
        await released;
        await route.continue();
      });
      const path = `/e2e-reserve-${lang}`;
      await page.route(`**${path}`, (route) =>
        route.fulfill({
          contentType: "text/html; charset=utf-8",
          body: `<!doctype html><html lang="${lang === "en" ? "en" : "zh-Hant-HK"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<script type="module" src="/elements/nu-forms.js"></script></head>
<body><nu-form lang="${lang}"></nu-form></body></html>`,
        }),
      );
      await page.goto(path, { waitUntil: "domcontentloaded" });
      const form = page.locator("nu-form");
      await expect(form.locator('[part="loading"]')).toBeAttached();
      const reserved = await form.evaluate((element) => element.getBoundingClientRect().height);
      release();
      await expect(
        page.getByRole("combobox", { name: lang === "en" ? "E-mail address" : "電郵地址" }),
      ).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const step = await form.evaluate((element) => element.getBoundingClientRect().height);
      expect(
        Math.abs(step - reserved),
        `reserved ${reserved} px, the step is ${step} px`,
      ).toBeLessThanOrEqual(1);
    });
  }
}
