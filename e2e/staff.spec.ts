/** Staff sign-in, the code step, the staff guard and the way back after sign-in (docs/rules.md#staff). */

import { checkA11y } from "./nuform-steps.ts";
import {
  createLead,
  fakeToken,
  signInOnPage,
  snapWidths,
  staffRecord,
  stored,
  storeFlags,
  useStaffSession,
} from "./staff-steps.ts";
import { api, outboxCode } from "./support/api.ts";
import { loseFirstAnswer } from "./support/lostAnswer.ts";
import { expect, test } from "./support/test.ts";

const STAFF_KEYS = ["STAFF_ID", "Token", "STAFF_NAME", "STAFF_ROLE"];

test.describe("staff sign-in", () => {
  test("S001 signs in, sees the tools, and signs out again", async ({ page }, testInfo) => {
    await page.goto("/staff/home");
    await expect(page.getByRole("heading", { name: "職員登入" })).toBeVisible();
    await checkA11y(page);
    await snapWidths(page, testInfo, "staff-login");

    // Nothing typed: both fields say what is missing.
    await page.getByRole("button", { name: "登入", exact: true }).click();
    await expect(page.getByText("請輸入職員編號")).toBeVisible();
    await expect(page.getByText("請輸入密碼")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "職員編號" })).toBeFocused();

    await signInOnPage(page, "S001");
    await expect(page).toHaveURL(/\/staff\/verification$/);
    expect(await stored(page, "STAFF_ID")).toBe("S001");
    expect(await stored(page, "STAFF_ROLE")).toBe("staff");
    expect(await stored(page, "Token")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const name = (await stored(page, "STAFF_NAME")) ?? "";
    // docs/rules.md#fields-and-formats: first name plus last name, trimmed (S001 is Kelly Lee; Chinese names: hk-experience).
    const record = await staffRecord("S001");
    expect(name).toBe(`${record.first_name} ${record.last_name}`.trim());
    await expect(page.locator(".staff-bar")).toContainText(name);

    // Signed in, the home shows the tools instead of the form.
    await page.goto("/staff/home");
    await expect(page.getByRole("heading", { name: `你好，${name}` })).toBeVisible();
    await expect(page.getByRole("button", { name: /核實客戶/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /營養師兌換/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /發票二維碼/ })).toBeVisible();
    await snapWidths(page, testInfo, "staff-home");
    await page.getByRole("button", { name: /發票二維碼/ }).click();
    await expect(page).toHaveURL(/\/staff\/invoice_qrcode$/);
    await page.goto("/staff/home");

    await page.getByRole("button", { name: "登出", exact: true }).click();
    await expect(page.getByRole("heading", { name: "職員登入" })).toBeVisible();
    for (const key of STAFF_KEYS) expect(await stored(page, key), key).toBeNull();
  });

  test("a wrong password is refused in Chinese", async ({ page }) => {
    await page.goto("/staff/home");
    await signInOnPage(page, "S002", "Wrong-password-1");
    await expect(page.getByRole("alert").filter({ hasText: "職員編號或密碼不正確" })).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/home$/);
    expect(await stored(page, "Token")).toBeNull();
  });

  test("the sign-in warns before the lock-out", async ({ page }) => {
    await page.goto("/staff/home");
    // An id no one has: answered like a real one, and no real account is brought near its lock.
    await page.getByRole("textbox", { name: "職員編號" }).fill("Z9LOCK");
    const alert = page.getByRole("alert").filter({ hasText: "職員編號或密碼不正確" });
    for (const [n, warned] of [
      [1, false],
      [2, false],
      [3, true],
    ] as const) {
      await page.getByLabel("密碼").fill(`Wrong-password-${n}`);
      await page.getByRole("button", { name: "登入", exact: true }).click();
      await expect(alert).toBeVisible();
      if (warned) await expect(alert).toContainText("再輸入錯誤 2 次，帳戶便會暫時鎖定。");
      else await expect(alert).not.toContainText("鎖定");
      await expect(page.getByRole("button", { name: "登入", exact: true })).toBeEnabled();
    }
  });

  test("S002 passes the one-time code step", async ({ page }, testInfo) => {
    await page.goto("/staff/home");
    await signInOnPage(page, "S002");
    await expect(page.getByRole("heading", { name: "輸入一次性驗證碼" })).toBeVisible();
    const codeField = page.getByRole("textbox", { name: "驗證碼" });
    await expect(codeField).toBeFocused();
    expect(await stored(page, "Token")).toBeNull();
    await snapWidths(page, testInfo, "staff-code");

    await codeField.fill("12");
    await page.getByRole("button", { name: "確認" }).click();
    await expect(page.getByText("請輸入 6 位數字驗證碼")).toBeVisible();

    await codeField.fill(await outboxCode({ staff_id: "S002" }));
    await page.getByRole("button", { name: "確認" }).click();
    await expect(page).toHaveURL(/\/staff\/verification$/);
    expect(await stored(page, "STAFF_ID")).toBe("S002");
    expect(await stored(page, "Token")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});

test("S002's code step: the answer lost, 確認 again with the same code signs in, not 驗證碼不正確", async ({
  page,
}) => {
  await page.goto("/staff/home");
  let keys: string[] = [];
  await signInOnPage(page, "S002");
  const codeField = page.getByRole("textbox", { name: "驗證碼" });
  await expect(codeField).toBeFocused();
  ({ keys } = await loseFirstAnswer(page, "**/api/staff/otp"));
  await codeField.fill(await outboxCode({ staff_id: "S002" }));
  await page.getByRole("button", { name: "確認" }).click();
  await expect(page.getByText(/網絡/).first()).toBeVisible();
  expect(await stored(page, "Token")).toBeNull();

  await page.getByRole("button", { name: "確認" }).click();
  await expect(page).toHaveURL(/\/staff\/verification$/);
  await expect(page.getByText("驗證碼不正確")).toHaveCount(0);
  expect(await stored(page, "STAFF_ID")).toBe("S002");
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
});

test.describe("staff guard", () => {
  test("a guarded page visited signed out is saved and comes back after sign-in", async ({ page }) => {
    const ref = await createLead("staff-guard");
    await page.goto(`/staff/result?id=${ref}`);
    await expect(page).toHaveURL(/\/staff\/home$/);
    await expect(page.getByText("請先登入，登入後會返回你剛才的頁面。")).toBeVisible();
    expect(await stored(page, "redirect_url")).toBe(`/staff/result?id=${ref}`);

    await signInOnPage(page, "S001");
    await expect(page).toHaveURL(new RegExp(`/staff/result\\?id=${ref}$`));
    await expect(page.getByRole("heading", { name: "客戶資料", level: 2 })).toBeVisible();
    await expect(page.getByText(ref).first()).toBeVisible();
    expect(await stored(page, "redirect_url")).toBeNull();
  });

  test("a redirect_url to another site is ignored", async ({ page }) => {
    await page.goto("/staff/home");
    for (const target of ["https://evil.example/steal", "//evil.example/steal", "/\\evil.example"]) {
      await page.evaluate((url) => {
        localStorage.clear();
        localStorage.setItem("redirect_url", url);
      }, target);
      await page.goto("/staff/home");
      await signInOnPage(page, "S001");
      await expect(page, target).toHaveURL(/\/staff\/verification$/);
      // The page's own session check is done (its tool shows): the next clear() is not undone.
      await expect(page.getByRole("textbox", { name: "登記編號" })).toBeEditable();
      expect(new URL(page.url()).host, target).toBe(
        new URL(test.info().project.use.baseURL ?? page.url()).host,
      );
      expect(await stored(page, "redirect_url"), target).toBeNull();
    }
  });

  test("an expired token is sent to sign-in with the page saved", async ({ page }) => {
    await storeFlags(page, {
      STAFF_ID: "S001",
      STAFF_NAME: "過期 職員",
      STAFF_ROLE: "staff",
      Token: fakeToken(-60),
    });
    await page.goto("/staff/redeem_center?leadId=NU4K7P2QXM");
    await expect(page).toHaveURL(/\/staff\/home$/);
    await expect(page.getByRole("heading", { name: "職員登入" })).toBeVisible();
    expect(await stored(page, "redirect_url")).toBe("/staff/redeem_center?leadId=NU4K7P2QXM");
  });

  test("a token the server refuses mid-session returns to sign-in with the page saved", async ({ page }) => {
    const ref = await createLead("staff-refused");
    await useStaffSession(page, "S001");
    await page.goto("/staff/verification");
    // The field shows once the page's own check of the session has passed: the heading alone
    // shows while that check is on its way, and an end before it would be caught there instead.
    const field = page.getByRole("textbox", { name: "登記編號" });
    await expect(field).toBeEditable();
    // Ended elsewhere (another tab, an admin) while this page is open.
    const token = (await stored(page, "Token")) ?? "";
    expect((await api("POST", "/auth/sign-out", { token, body: {} })).Code).toBe(200);
    await field.fill(ref);
    await page.getByRole("button", { name: "查詢" }).click();
    await expect(page).toHaveURL(/\/staff\/home$/);
    expect(await stored(page, "Token")).toBeNull();
    expect(await stored(page, "redirect_url")).toBe("/staff/verification");

    await signInOnPage(page, "S001");
    await expect(page).toHaveURL(/\/staff\/verification$/);
  });

  test("result reached directly loads its lead, an unknown one goes back to verification; sign-out from the staff bar clears the staff values", async ({
    page,
  }) => {
    await useStaffSession(page, "S001");
    await page.goto("/staff/result?id=NU00000000");
    await expect(page).toHaveURL(/\/staff\/verification\?type=staff$/);
    await expect(page.getByText("未能載入客戶資料，請重新掃描或輸入登記編號。")).toBeVisible();

    await page.goto("/staff/redeem_center");
    await expect(page).toHaveURL(/\/staff\/verification\?type=staff$/);

    await page.goto("/staff/invoice_qrcode");
    await expect(page.getByRole("link", { name: "職員主頁" })).toHaveAttribute("href", "/staff/home");
    await page.locator(".staff-bar").getByRole("button", { name: "登出" }).click();
    await expect(page).toHaveURL(/\/staff\/home$/);
    await expect(page.getByRole("heading", { name: "職員登入" })).toBeVisible();
    for (const key of STAFF_KEYS) expect(await stored(page, key), key).toBeNull();
  });

  test("an unknown staff page is a 404 page", async ({ page }) => {
    const response = await page.goto("/staff/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("404");
  });
});

test("after a move between staff pages focus is on the new page's heading, not on a first load", async ({
  page,
}) => {
  const ref = await createLead("staff-focus");
  await useStaffSession(page, "S001");
  await page.goto("/staff/home");
  await page.getByRole("button", { name: /^核實客戶/ }).click();
  await expect(page).toHaveURL(/\/staff\/verification$/);
  await expect(page.getByRole("heading", { name: "核實客戶", level: 1 })).toBeFocused();
  await page.getByRole("textbox", { name: "登記編號" }).fill(ref);
  await page.getByRole("button", { name: "查詢" }).press("Enter");
  await expect(page).toHaveURL(/\/staff\/result\?id=/);
  const heading = page.getByRole("heading", { name: "核實結果", level: 1 });
  await expect(heading).toBeFocused();
  // The next Tab goes on from the heading into the page, not back to the top of the document:
  // to the page's own action, the member redemption.
  const first = page.getByRole("button", { name: "兌換會員禮品" });
  await expect(first).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(first).toBeFocused();

  await page.goto("/staff/verification");
  await expect(page.getByRole("textbox", { name: "登記編號" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "核實客戶", level: 1 })).not.toBeFocused();
});
