/**
 * The widget gallery (/demo/widgets): accessibility, and the radio group, select, card, error
 * message, the e-mail input's states and the confirm dialog driven as a user would (keyboard
 * first). The e-mail input's suggestions and send button are component tests
 * (lib/widgets/EmailInput.browser.test.tsx); the date picker and the address selector have their
 * own specs.
 */

import { expectNoA11yViolations } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";
import { eventsOf, lastDetail, openGallery } from "./widgets-helpers.ts";

test.beforeEach(async ({ page }) => {
  await openGallery(page);
});

test("the gallery has no axe violations", async ({ page }) => {
  await expectNoA11yViolations(page);
});

test("no axe violations with the e-mail suggestions and a confirm dialog open", async ({ page }) => {
  await page.locator("#email-send").getByRole("combobox", { name: "電郵地址" }).fill("chan@h");
  await expect(page.locator("#email-send").getByRole("listbox")).toBeVisible();
  await expectNoA11yViolations(page, { include: "#email-send" });

  await page.getByRole("button", { name: "開啟藍色對話框" }).click();
  await expect(page.getByRole("dialog", { name: "確認兌換？" })).toBeVisible();
  await expectNoA11yViolations(page, { include: "#dialog-blue" });
});

test("no axe violations with the calendar and the address suggestions open", async ({ page }) => {
  await page
    .locator("#date-empty")
    .getByRole("button", { name: /預約日期/ })
    .click();
  await expect(page.locator("#date-empty").getByRole("dialog", { name: "選擇日期" })).toBeVisible();
  await expectNoA11yViolations(page, { include: "#date-empty" });
  await page.keyboard.press("Escape");

  await page.locator("#address-empty").getByRole("combobox", { name: "大廈／屋苑名稱" }).fill("淘大 axe");
  await expect(page.locator("#address-empty").getByRole("listbox").getByRole("option")).toHaveCount(20);
  await expectNoA11yViolations(page, { include: "#address-empty" });
});

test("radio group: one tab stop for the group, arrow keys move the choice", async ({ page }) => {
  const empty = page.locator("#radio-empty");
  await expect(empty.getByRole("radiogroup", { name: "寶寶狀況" })).toBeVisible();
  await page.getByRole("link", { name: "事件記錄" }).focus();

  await page.keyboard.press("Tab");
  await expect(empty.getByRole("radio", { name: "懷孕中" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(empty.getByRole("radio", { name: "懷孕中" })).toBeChecked();
  expect(await lastDetail(page, "radio-empty", "nu-change")).toEqual({ value: "expecting" });

  await page.keyboard.press("ArrowDown");
  await expect(empty.getByRole("radio", { name: "已出生" })).toBeChecked();
  await expect(empty.getByRole("radio", { name: "懷孕中" })).not.toBeChecked();
  expect(await lastDetail(page, "radio-empty", "nu-change")).toEqual({ value: "born" });

  // Tab leaves the group at once and lands on the next group's checked radio.
  await page.keyboard.press("Tab");
  await expect(page.locator("#radio-filled").getByRole("radio", { name: "香港" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.locator("#radio-filled").getByRole("radio", { name: "中國內地" })).toBeChecked();
  expect(await lastDetail(page, "radio-filled", "nu-change")).toEqual({ value: "CN" });

  // The element's value follows the choice.
  expect(
    await page.locator("#radio-filled").evaluate((el) => (el as HTMLElement & { value: string }).value),
  ).toBe("CN");
});

test("radio group: error and disabled states", async ({ page }) => {
  const error = page.locator("#radio-error");
  await expect(error.getByRole("radiogroup", { name: "醫院類型" })).toHaveAttribute("aria-invalid", "true");
  await expect(error.getByRole("alert")).toHaveText("請選擇醫院類型");
  const disabled = page.locator("#radio-disabled");
  await expect(disabled.getByRole("radio", { name: "新會員" })).toBeDisabled();
  await expect(disabled.getByRole("radio", { name: "新會員" })).toBeChecked();
});

test("select: a titled native dropdown with 請選擇, emitting nu-change", async ({ page }) => {
  const select = page.locator("#select-empty").getByRole("combobox", { name: "醫院類型" });
  await expect(select).toHaveValue("");
  await expect(select.locator("option").first()).toHaveText("請選擇");
  await select.focus();
  await select.selectOption("Public");
  expect(await lastDetail(page, "select-empty", "nu-change")).toEqual({ value: "Public" });
  await select.selectOption("");
  expect(await lastDetail(page, "select-empty", "nu-change")).toEqual({ value: "" });

  await expect(page.locator("#select-filled").getByRole("combobox", { name: "電話區號" })).toHaveValue("852");
  const invalid = page.locator("#select-error").getByRole("combobox", { name: "產品" });
  await expect(invalid).toHaveAttribute("aria-invalid", "true");
  await expect(invalid).toHaveAccessibleDescription("請選擇產品");
  await expect(page.locator("#select-disabled").getByRole("combobox", { name: "語言" })).toBeDisabled();
});

test("card: title heading, logo and slotted content", async ({ page }) => {
  const card = page.locator("#card-logo");
  await expect(card.getByRole("heading", { level: 4, name: "營養師諮詢" })).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", "/demo/widgets-logo.svg");
  await expect(page.getByRole("region", { name: "營養師諮詢" })).toBeVisible();
  await expect(card.getByText("由註冊營養師提供一對一諮詢")).toBeVisible();
});

test("error message: an assertive live region that stays in place while empty", async ({ page }) => {
  await expect(page.locator("#error-filled").getByRole("alert")).toHaveText(
    "網絡連線出現問題，請檢查網絡後再試。",
  );
  const empty = page.locator("#error-empty").getByRole("alert");
  await expect(empty).toBeAttached();
  await expect(empty).toHaveText("");
  await expect(empty).toHaveAttribute("aria-live", "assertive");
  await page.getByRole("button", { name: "顯示錯誤訊息" }).click();
  await expect(empty).toHaveText("請先填寫所有必填欄位。");
});

test.describe("e-mail input", () => {
  test("filled, error, disabled, sending and sent states", async ({ page }) => {
    await expect(page.locator("#email-filled").getByRole("combobox")).toHaveValue("chan.taiman@gmail.com");
    await expect(page.locator("#email-error").getByRole("alert")).toHaveText("請輸入有效的電郵地址");
    await expect(page.locator("#email-disabled").getByRole("combobox")).toBeDisabled();
    await expect(page.locator("#email-disabled").getByRole("button", { name: "發送電郵" })).toBeDisabled();
    await expect(page.locator("#email-sending").getByRole("button", { name: "發送中…" })).toBeVisible();
    await expect(page.locator("#email-sent").getByRole("status")).toHaveText("已發送");
  });
});

test.describe("confirm dialog", () => {
  test("Escape cancels, focus goes back to the opener, and it opens again", async ({ page }) => {
    const opener = page.getByRole("button", { name: "開啟藍色對話框" });
    const dialog = page.getByRole("dialog", { name: "確認兌換？" });
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription("兌換後不可取消。確定要為此客戶兌換會員禮品嗎？");
    await expect(dialog.getByRole("button", { name: "取消" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "確定兌換" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(eventsOf(page, "dialog-blue", "nu-cancel")).toHaveCount(1);
    await expect(opener).toBeFocused();
    await expect(page.locator("#dialog-blue")).toHaveAttribute("open", "false");

    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "確定兌換" }).click();
    await expect(dialog).toBeHidden();
    await expect(eventsOf(page, "dialog-blue", "nu-confirm")).toHaveCount(1);
    expect(await lastDetail(page, "dialog-blue", "nu-confirm")).toEqual({ value: "confirm" });
    await expect(eventsOf(page, "dialog-blue", "nu-cancel")).toHaveCount(1);

    await opener.click();
    await dialog.getByRole("button", { name: "取消" }).click();
    await expect(dialog).toBeHidden();
    await expect(eventsOf(page, "dialog-blue", "nu-cancel")).toHaveCount(2);
  });

  test("single-button mode in the yellow theme", async ({ page }) => {
    await page.getByRole("button", { name: "開啟黃色對話框" }).click();
    const dialog = page.getByRole("dialog", { name: "已經登記" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button")).toHaveCount(1);
    const confirm = dialog.getByRole("button", { name: "確定" });
    await expect(confirm).toBeFocused();
    const colours = await confirm.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colours).toBe("rgb(245, 197, 24)");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(eventsOf(page, "dialog-yellow", "nu-cancel")).toHaveCount(1);
    await expect(eventsOf(page, "dialog-yellow", "nu-confirm")).toHaveCount(0);
  });

  test("the blue theme's confirm button uses the info colour", async ({ page }) => {
    await page.getByRole("button", { name: "開啟藍色對話框" }).click();
    const confirm = page
      .getByRole("dialog", { name: "確認兌換？" })
      .getByRole("button", { name: "確定兌換" });
    expect(await confirm.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(31, 95, 191)");
  });
});

test("brand themes restyle the widgets through --nu-* properties only", async ({ page }) => {
  const yellowSend = page.locator("#yellow-email").getByRole("button", { name: "發送電郵" });
  const blueSend = page.locator("#blue-email").getByRole("button", { name: "發送電郵" });
  const defaultSend = page.locator("#email-send").getByRole("button", { name: "發送電郵" });
  const bg = (el: Element) => getComputedStyle(el).backgroundColor;
  expect(await yellowSend.evaluate(bg)).toBe("rgb(242, 183, 5)");
  expect(await blueSend.evaluate(bg)).toBe("rgb(31, 95, 191)");
  expect(await defaultSend.evaluate(bg)).toBe("rgb(11, 110, 79)");
  const radius = (el: Element) => getComputedStyle(el).borderTopLeftRadius;
  expect(await page.locator("#yellow-select").getByRole("combobox").evaluate(radius)).toBe("14px");
  expect(await page.locator("#blue-select").getByRole("combobox").evaluate(radius)).toBe("4px");
});
