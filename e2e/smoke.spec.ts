import { expectNoA11yViolations } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

test("the real server serves the home page in Chromium", async ({ page, browser }) => {
  // Fails loudly when Playwright and Debian's Chromium drift apart (launch or protocol errors).
  expect(browser.version()).toMatch(/^\d+\./);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /nuForm|會員登記/ }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  expect(errors).toEqual([]);
});

test("an unknown path gets a real 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("404");
  await expect(page.getByRole("link", { name: /首頁/ })).toBeVisible();
});
