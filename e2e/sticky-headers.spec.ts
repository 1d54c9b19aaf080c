/**
 * A field that takes focus from above the screen (Shift+Tab, a failed submit) lands below the
 * sticky header, not under it (WCAG 2.4.11): the customer pages' header and the staff bar, which
 * wraps to two rows on a phone.
 */

import { nuFormReady } from "./embed-helpers.ts";
import { useStaffSession } from "./staff-steps.ts";
import { expect, type Locator, test } from "./support/test.ts";

test.use({ viewport: { width: 390, height: 500 } });

/**
 * Scrolls until `field` is wholly above the screen (room below is made if the page is short), then
 * focuses it as Shift+Tab would, and says where it and the header end up.
 */
async function focusFromBelow(field: Locator, header: Locator) {
  await field.evaluate((element) => {
    document.body.style.paddingBottom = "2000px";
    window.scrollTo(0, element.getBoundingClientRect().bottom + window.scrollY + 200);
  });
  expect((await field.boundingBox())?.y ?? 0).toBeLessThan(0);
  await field.focus();
  await expect(field).toBeFocused();
  const fieldBox = await field.boundingBox();
  const headerBox = await header.boundingBox();
  if (!fieldBox || !headerBox) throw new Error("no box");
  return { fieldTop: fieldBox.y, headerBottom: headerBox.y + headerBox.height };
}

test("customer page: a field focused from below shows under the header, not behind it", async ({ page }) => {
  await page.goto("/customer/nuForm");
  // The live step: the served one takes text too, and is swapped for it.
  await nuFormReady(page);
  const field = page.getByRole("combobox", { name: "電郵地址" });
  await expect(field).toBeVisible();
  const { fieldTop, headerBottom } = await focusFromBelow(field, page.locator(".site-header"));
  expect(headerBottom).toBe(56);
  expect(fieldTop).toBeGreaterThanOrEqual(headerBottom);
});

test("staff page: a field focused from below shows under the two-row staff bar", async ({ page }) => {
  await useStaffSession(page, "S001");
  await page.goto("/staff/verification");
  const field = page.locator("nu-staff-verification").getByRole("textbox").first();
  await expect(field).toBeVisible();
  const bar = page.locator(".staff-bar");
  const { fieldTop, headerBottom } = await focusFromBelow(field, bar);
  // Two rows at 390 px.
  expect(headerBottom).toBeGreaterThan(90);
  expect(fieldTop).toBeGreaterThanOrEqual(headerBottom);
});

test("staff page at desktop width: one row, the field still clear of it", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 500 });
  await useStaffSession(page, "S001");
  await page.goto("/staff/verification");
  const field = page.locator("nu-staff-verification").getByRole("textbox").first();
  await expect(field).toBeVisible();
  const { fieldTop, headerBottom } = await focusFromBelow(field, page.locator(".staff-bar"));
  expect(headerBottom).toBeLessThan(70);
  expect(fieldTop).toBeGreaterThanOrEqual(headerBottom);
});
