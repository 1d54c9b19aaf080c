/**
 * The staff forms go through the shared form layer (lib/ui/form): Enter while a Chinese input
 * method is composing never submits, a real Enter does, and a busy button keeps the focus and
 * refuses a second press (aria-disabled, not disabled).
 */

import { signInOnPage, useStaffSession } from "./staff-steps.ts";
import { enterPrevented } from "./support/ime.ts";
import { expect, type Locator, type Page, test } from "./support/test.ts";

async function expectImeSafe(field: Locator, page: Page, requiredText: string) {
  await expect(field).toBeVisible();
  expect(await enterPrevented(field, true)).toBe(true);
  expect(await enterPrevented(field, false)).toBe(false);
  await expect(page.getByText(requiredText)).toBeHidden();
  // A real Enter (no composition) submits: the empty field is flagged and keeps the focus.
  await field.press("Enter");
  await expect(page.getByText(requiredText)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
}

test("Enter during IME composition submits no staff form; a real Enter does", async ({ page }) => {
  await page.goto("/staff/home");
  await expectImeSafe(page.getByRole("textbox", { name: "職員編號" }), page, "請輸入職員編號");

  await useStaffSession(page, "S001");
  await page.goto("/staff/invoice_qrcode");
  await expectImeSafe(page.getByRole("textbox", { name: "發票編號" }), page, "請輸入發票編號");

  await page.goto("/staff/verification");
  await expectImeSafe(page.getByRole("textbox", { name: "登記編號" }), page, "請輸入客戶登記編號");
});

test("the busy sign-in button keeps the focus and refuses a second press", async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let logins = 0;
  await page.route("**/api/staff/login", async (route) => {
    logins++;
    await held;
    await route.continue();
  });
  await page.goto("/staff/home");
  // An id no staff has: the refused sign-in locks no real account for the other tests.
  await page.getByRole("textbox", { name: "職員編號" }).fill("S999");
  await page.getByLabel("密碼").fill("wrong-password-1A!");
  const button = page.getByRole("button", { name: "登入", exact: true });
  await button.focus();
  await button.press("Enter");

  const busy = page.getByRole("button", { name: "登入中…" });
  await expect(busy).toHaveAttribute("aria-disabled", "true");
  await expect(busy).not.toHaveAttribute("disabled");
  await expect(busy).toBeFocused();
  await busy.press("Enter");
  await busy.dispatchEvent("click");
  expect(logins).toBe(1);

  release();
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toBeVisible();
  await expect(button).toBeFocused();
  await expect(button).not.toHaveAttribute("aria-disabled");
  expect(logins).toBe(1);
  // The form still works afterwards.
  await signInOnPage(page, "S001");
  await expect(page).toHaveURL(/\/staff\/verification$/);
});
