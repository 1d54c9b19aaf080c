/**
 * The staff bar at a phone's width (390 px) with a longer name (S002, "Chi Ming Cheung"): however
 * it wraps, nothing touches its edges and nothing runs off the screen, in zh-HK and in English.
 * SCREENSHOTS=1 keeps the screenshots in the test output.
 */

import { useStaffSession } from "./staff-steps.ts";
import { expect, type Page, test } from "./support/test.ts";

test.use({ viewport: { width: 390, height: 844 } });

/** The space between the bar's edges and what is inside it, in px, and whether anything overflows. */
async function barSpacing(page: Page) {
  return page.locator(".staff-bar").evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    const parts = [...bar.querySelectorAll("a, button, .staff-bar-name")].map((el) =>
      el.getBoundingClientRect(),
    );
    return {
      top: Math.min(...parts.map((r) => r.top)) - box.top,
      bottom: box.bottom - Math.max(...parts.map((r) => r.bottom)),
      left: Math.min(...parts.map((r) => r.left)) - box.left,
      right: box.right - Math.max(...parts.map((r) => r.right)),
      overflow: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

for (const lang of ["zh-HK", "en"] as const) {
  test(`the staff bar at 390 px with a longer name looks finished (${lang})`, async ({
    page,
    baseURL,
  }, testInfo) => {
    if (lang === "en") {
      await page.context().addCookies([{ name: "nu-forms-lang", value: "en", url: baseURL as string }]);
      await page.addInitScript(() => localStorage.setItem("nu-forms:lang", "en"));
    }
    await useStaffSession(page, "S002");
    await page.goto("/staff/verification");
    await expect(page.locator(".staff-bar-name")).toHaveText("Chi Ming Cheung");
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: testInfo.outputPath(`staff-bar-${lang}-390.png`) });
    const spacing = await barSpacing(page);
    expect(spacing.overflow).toBe(false);
    for (const side of ["top", "bottom", "left", "right"] as const)
      expect(spacing[side], side).toBeGreaterThanOrEqual(6);
    // Every control stays whole and tappable.
    for (const control of await page.locator(".staff-bar a, .staff-bar button").all()) {
      const box = await control.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
    }
  });
}
