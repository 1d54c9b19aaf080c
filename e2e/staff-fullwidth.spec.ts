/**
 * A Chinese input method in full-width mode types `Ｓ００２`, `１２３４５６`, `ＮＵ…` and `１２８０`:
 * each staff field reads them as the half-width letters and digits they are (lib/core/halfWidth.ts).
 */

import { createLead, fillInvoice, stored } from "./staff-steps.ts";
import { outboxCode } from "./support/api.ts";
import { DEMO_PASSWORD } from "./support/env.ts";
import { expect, test } from "./support/test.ts";

const fullWidth = (text: string) =>
  text.replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

test("staff id, one-time code, lead reference and amount typed full-width", async ({ page }) => {
  const ref = await createLead("staff-fullwidth");

  await page.goto("/staff/home");
  await page.getByRole("textbox", { name: "職員編號" }).fill(fullWidth("S002"));
  await page.getByLabel("密碼").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expect(page.getByRole("heading", { name: "輸入一次性驗證碼" })).toBeVisible();
  await expect(page.getByText("S002", { exact: false }).first()).toBeVisible();

  const codeField = page.getByRole("textbox", { name: "驗證碼" });
  const code = await outboxCode({ staff_id: "S002" });
  await codeField.fill(fullWidth(code));
  await expect(codeField).toHaveValue(code);
  await page.getByRole("button", { name: "確認" }).click();
  await expect(page).toHaveURL(/\/staff\/verification$/);
  expect(await stored(page, "STAFF_ID")).toBe("S002");

  await page.getByRole("textbox", { name: "登記編號" }).fill(fullWidth(ref));
  await page.getByRole("button", { name: "查詢" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/result\\?id=${ref}$`));

  await page.goto("/staff/invoice_qrcode");
  await fillInvoice(page, {
    number: fullWidth("INV-FW-1"),
    amount: fullWidth("1280"),
    shop: "旺角店",
    ref: fullWidth(ref),
  });
  await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
  await expect(page.getByText("發票記錄已儲存，可列印下面的二維碼。")).toBeVisible();
  await expect(page.getByText("HK$1,280.00")).toBeVisible();
});
