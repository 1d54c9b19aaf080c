/** The invoice QR code: staff enter the details, the server stores them, the code opens the record. */

import { checkA11y } from "./nuform-steps.ts";
import {
  createLead,
  decodeQrOf,
  fillInvoice,
  signInOnPage,
  snapWidths,
  useStaffSession,
} from "./staff-steps.ts";
import { api, staffToken } from "./support/api.ts";
import { BASE_URL } from "./support/env.ts";
import { loseFirstAnswer } from "./support/lostAnswer.ts";
import { expect, test } from "./support/test.ts";

/** The id of the invoice a lost answer of POST /api/invoices carried: the server saved it. */
function savedInvoiceId(answer: unknown): string {
  const id = (answer as { Data?: { id?: string }[] } | undefined)?.Data?.[0]?.id ?? "";
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

test("an invoice QR code is made, decodes to its page, and the page shows the record", async ({
  page,
}, testInfo) => {
  const ref = await createLead("staff-invoice");
  await useStaffSession(page, "S001");
  await page.goto("/staff/invoice_qrcode");
  await expect(page.getByRole("heading", { name: "發票二維碼", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "職員主頁" })).toBeVisible();
  await checkA11y(page);
  await snapWidths(page, testInfo, "staff-invoice-form");

  // Nothing typed: every required field says so, and focus goes to the first.
  await page.getByRole("textbox", { name: "發票編號" }).fill("");
  await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
  await expect(page.getByText("請輸入發票編號")).toBeVisible();
  await expect(page.getByText("請輸入金額")).toBeVisible();
  await expect(page.getByText("請輸入分店")).toBeVisible();
  await expect(page.getByText("請輸入客戶登記編號")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "發票編號" })).toBeFocused();

  await fillInvoice(page, {
    number: "inv-2026-0042",
    amount: "12.345",
    shop: "旺角旗艦店",
    ref: ref.toLowerCase(),
  });
  await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
  await expect(page.getByText("請輸入數字，最多兩個小數位")).toBeVisible();
  await page.getByRole("textbox", { name: "金額（港幣）" }).fill("1,280.50");
  await page.getByRole("button", { name: "儲存並產生二維碼" }).click();

  await expect(page.getByText("發票記錄已儲存，可列印下面的二維碼。")).toBeVisible();
  const qrImage = page.getByRole("img", { name: "發票 INV-2026-0042 的二維碼" });
  const { text } = await decodeQrOf(page, qrImage);
  const url = new URL(text);
  expect(`${url.origin}${url.pathname}`).toBe(`${BASE_URL}/staff/invoice`);
  const id = url.searchParams.get("id") ?? "";
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText("HK$1,280.50")).toBeVisible();
  await expect(page.getByRole("button", { name: "列印" })).toBeVisible();
  await checkA11y(page);
  await snapWidths(page, testInfo, "staff-invoice-qr");

  // Printing hides the controls and the staff bar.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "列印" })).toBeHidden();
  await expect(page.locator(".staff-bar")).toBeHidden();
  await expect(qrImage).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  expect((await api("GET", `/invoices/${id}`)).Code).toBe(401);
  const stored = await api<Record<string, unknown>>("GET", `/invoices/${id}`, {
    token: await staffToken("S001"),
  });
  expect(stored.Data[0]).toMatchObject({
    id,
    lead_id: ref,
    invoice_no: "INV-2026-0042",
    amount: 1280.5,
    shop: "旺角旗艦店",
    staff_id: "S001",
  });
  expect(stored.Data[0].invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // The page the code opens is standalone (no staff bar). Invoices are staff-only (docs/api.md):
  // signed out, it offers the staff sign-in, which comes back to the invoice.
  await page.evaluate(() => localStorage.clear());
  await page.goto(text);
  await expect(page.getByText("發票只供職員查看，請先以職員身份登入。")).toBeVisible();
  await page.getByRole("button", { name: "職員登入" }).click();
  await expect(page).toHaveURL(/\/staff\/home/);
  await signInOnPage(page, "S001");
  await expect(page).toHaveURL(text);
  await expect(page.getByRole("heading", { name: "發票 INV-2026-0042" })).toBeVisible();
  await expect(page.locator(".staff-bar")).toHaveCount(0);
  await expect(page.getByText("旺角旗艦店")).toBeVisible();
  await expect(page.getByText("HK$1,280.50")).toBeVisible();
  await expect(page.getByText(ref)).toBeVisible();
  await checkA11y(page);
  await snapWidths(page, testInfo, "staff-invoice-page");
});

test("an invoice page with an unknown or missing id says so", async ({ page }) => {
  await useStaffSession(page, "S001");
  await page.goto("/staff/invoice?id=00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("找不到這張發票的記錄。")).toBeVisible();
  // Asking again would give the same answer: no 重試.
  await expect(page.getByRole("button", { name: "重試" })).toHaveCount(0);
  // Standalone, but not a dead end.
  await page.getByRole("link", { name: "返回職員主頁" }).click();
  await expect(page).toHaveURL(/\/staff\/home$/);
  await page.goto("/staff/invoice?id=not-an-id");
  await expect(page.getByText("找不到這張發票的記錄。")).toBeVisible();
  await page.goto("/staff/invoice");
  await expect(page.getByText("網址缺少發票編號，請重新掃描發票二維碼。")).toBeVisible();
  await checkA11y(page);
});

test("saved but its answer lost: pressing again shows the QR code of the invoice saved and one invoice is kept; after reloads too, where the details and their key come back", async ({
  page,
}, testInfo) => {
  const ref = await createLead("staff-invoice-lost");
  await useStaffSession(page, "S001");
  await page.goto("/staff/invoice_qrcode");
  {
    const number = `INV-LOST-${Date.now()}`;
    const { keys, answer } = await loseFirstAnswer(page, "**/api/invoices");
    await fillInvoice(page, { number, amount: "100", shop: "旺角店", ref });
    await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
    await expect(page.getByText("網絡連線出現問題，請檢查網絡後再試。")).toBeVisible();
    const savedId = savedInvoiceId(answer());

    await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
    await expect(page.getByText("發票記錄已儲存，可列印下面的二維碼。")).toBeVisible();
    await expect(page.getByText("此發票號碼已有記錄。")).toHaveCount(0);
    const { text } = await decodeQrOf(page, page.getByRole("img", { name: `發票 ${number} 的二維碼` }));
    expect(new URL(text).searchParams.get("id")).toBe(savedId);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  }

  // The next invoice's answer is lost too, and the page is reloaded before pressing again.
  await page.unroute("**/api/invoices");
  await page.getByRole("button", { name: "建立另一張發票" }).click();
  const number = `INV-RELOAD-${Date.now()}`;
  const { keys, answer } = await loseFirstAnswer(page, "**/api/invoices");
  await fillInvoice(page, { number, amount: "250.50", shop: "銅鑼灣店", ref });
  await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
  await expect(page.getByText("網絡連線出現問題，請檢查網絡後再試。")).toBeVisible();
  const savedId = savedInvoiceId(answer());

  // Twice: what came back after the first reload is kept for the next one.
  for (let reload = 0; reload < 2; reload++) {
    await page.reload();
    await expect(page.getByText(/未收到回覆，發票可能已經儲存/)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "發票編號" })).toHaveValue(number);
    await expect(page.getByRole("textbox", { name: "金額（港幣）" })).toHaveValue("250.50");
    await expect(page.getByRole("textbox", { name: "分店" })).toHaveValue("銅鑼灣店");
    await expect(page.getByRole("textbox", { name: "登記編號" })).toHaveValue(ref);
  }
  await checkA11y(page);
  await snapWidths(page, testInfo, "staff-invoice-unanswered");

  await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
  await expect(page.getByText("發票記錄已儲存，可列印下面的二維碼。")).toBeVisible();
  await expect(page.getByText("此發票號碼已有記錄。")).toHaveCount(0);
  const { text } = await decodeQrOf(page, page.getByRole("img", { name: `發票 ${number} 的二維碼` }));
  expect(new URL(text).searchParams.get("id")).toBe(savedId);
  expect(keys).toEqual([keys[0], keys[0]]);

  // Answered: a reload now starts an empty form.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "發票編號" })).toHaveValue("");
  await expect(page.getByText(/未收到回覆/)).toHaveCount(0);
});

test("a customer reference no lead has is named on its field, and a reload after that refusal starts empty; an invoice number already recorded is said at 發票編號, in words, not the API's field name", async ({
  page,
}) => {
  const ref = await createLead("staff-invoice-dup");
  const number = `INV-DUP-${Date.now()}`;
  const first = await api("POST", "/invoices", {
    token: await staffToken("S001"),
    body: { lead_id: ref, invoice_no: number, invoice_date: "2026-11-20", amount: 100, shop: "旺角店" },
  });
  expect(first.Code).toBe(200);
  await useStaffSession(page, "S001");
  await page.goto("/staff/invoice_qrcode");
  await fillInvoice(page, {
    number: `INV-NOLEAD-${Date.now()}`,
    amount: "100",
    shop: "旺角店",
    ref: "nuzzzzzzzz",
  });
  await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
  const leadField = page.getByRole("textbox", { name: "登記編號" });
  await expect(leadField).toHaveAccessibleDescription(/找不到登記編號 NUZZZZZZZZ 的客戶記錄，請核對後再試。/);
  await expect(page.getByText("找不到相關記錄。")).toHaveCount(0);

  // Answered: nothing of the send is kept for a reload (only an unanswered one is).
  await page.reload();
  await expect(page.getByRole("textbox", { name: "發票編號" })).toHaveValue("");
  await expect(page.getByText(/未收到回覆/)).toHaveCount(0);

  await fillInvoice(page, { number, amount: "100", shop: "旺角店", ref });
  const field = page.getByRole("textbox", { name: "發票編號" });
  await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
  await expect(field).toHaveAccessibleDescription(/此發票號碼已有記錄。/);
  await expect(page.getByText("invoice_no")).toHaveCount(0);
});
