/**
 * Sessions end on the server: sign-out at the staff home and from the customer entry
 * page, sign-out everywhere, the idle warning and the automatic sign-out (page.clock).
 */

import { checkA11y, signIn } from "./nuform-steps.ts";
import {
  createLead,
  createRecruitmentLead,
  signInOnPage,
  stored,
  storeFlags,
  useStaffSession,
} from "./staff-steps.ts";
import { api, leadBody, staffToken, uniqueEmail } from "./support/api.ts";
import { type RunningServer, startServer } from "./support/server.ts";
import { expect, type Page, test } from "./support/test.ts";

const STAFF_KEYS = ["STAFF_ID", "Token", "STAFF_NAME", "STAFF_ROLE"];
const loginHeading = (page: Page) => page.getByRole("heading", { name: "職員登入" });
const claims = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
const signOutAnswer = (page: Page) => page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-out"));

test.describe("staff sign-out ends the session on the server", () => {
  test("sign out at /staff/home; the old token put back opens no staff page", async ({ page }) => {
    await useStaffSession(page, "S001");
    await page.goto("/staff/home");
    await expect(page.getByRole("heading", { name: /^你好/ })).toBeVisible();
    const saved: Record<string, string | null> = {};
    for (const key of STAFF_KEYS) saved[key] = await stored(page, key);
    const token = saved.Token ?? "";
    expect((await api("GET", "/lead?id=NUDEM00001", { token })).Code).toBe(200);

    const answer = signOutAnswer(page);
    await page.getByRole("button", { name: "登出", exact: true }).click();
    expect((await answer).status()).toBe(200);
    await expect(loginHeading(page)).toBeVisible();
    for (const key of STAFF_KEYS) expect(await stored(page, key), key).toBeNull();
    expect((await api("GET", "/lead?id=NUDEM00001", { token })).Error).toBe("SESSION_ENDED");

    // A copy of the token (another tab, devtools) put back into storage.
    const putBack = () =>
      page.evaluate((values) => {
        for (const [key, value] of Object.entries(values)) if (value) localStorage.setItem(key, value);
      }, saved);
    await putBack();
    await page.goto("/staff/verification");
    await expect(page).toHaveURL(/\/staff\/home$/);
    await expect(loginHeading(page)).toBeVisible();
    expect(await stored(page, "Token")).toBeNull();
    expect(await stored(page, "redirect_url")).toBe("/staff/verification");

    await putBack();
    await page.goto("/staff/home");
    await expect(loginHeading(page)).toBeVisible();
    expect(await stored(page, "Token")).toBeNull();
  });

  test("after a sign-out, Back to the customer's record does not open it for the next staff member", async ({
    page,
  }) => {
    await useStaffSession(page, "S001");
    await page.goto("/staff/result?id=NUDEM00001");
    await expect(page.getByText("NUDEM00001").first()).toBeVisible();
    await page.locator(".staff-bar").getByRole("button", { name: "登出" }).click();
    await expect(loginHeading(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/staff\/home$/);
    expect(await stored(page, "redirect_url")).toBe("/staff/result?id=NUDEM00001");
    await signInOnPage(page, "A001");
    await expect(page).toHaveURL(/\/staff\/verification$/);
    expect(await stored(page, "redirect_url")).toBeNull();

    // The same person signing back in is taken back to the page they were sent away from.
    await page.locator(".staff-bar").getByRole("button", { name: "登出" }).click();
    await expect(loginHeading(page)).toBeVisible();
    await page.goto("/staff/result?id=NUDEM00001");
    await expect(page).toHaveURL(/\/staff\/home$/);
    await signInOnPage(page, "A001");
    await expect(page).toHaveURL(/\/staff\/result\?id=NUDEM00001$/);
  });

  test("a session ended elsewhere mid-redemption: the sign-in says nothing was done, and returns to the page", async ({
    page,
  }) => {
    const ref = await createLead("ended-mid-task");
    const record = await useStaffSession(page, "S001");
    await page.goto(`/staff/redeem_center?leadId=${ref}`);
    await expect(page.getByRole("button", { name: "兌換會員禮品" })).toBeVisible();
    // Signed out on another device (the same session's token, as 登出所有裝置 would).
    expect((await api("POST", "/auth/sign-out", { token: record.staff_token, body: {} })).Code).toBe(200);
    await page.getByRole("button", { name: "兌換會員禮品" }).click();
    await page.getByRole("dialog", { name: "確認兌換" }).getByRole("button", { name: "確認兌換" }).click();
    await expect(page).toHaveURL(/\/staff\/home$/);
    await expect(page.getByRole("alert").filter({ hasText: "剛才的操作未有完成" })).toBeVisible();
    await signInOnPage(page, "S001");
    await expect(page).toHaveURL(new RegExp(`/staff/redeem_center\\?leadId=${ref}$`));
    await expect(page.getByText("未兌換").first()).toBeVisible();
    // Said once: a later visit to the sign-in form is quiet.
    await page.locator(".staff-bar").getByRole("button", { name: "登出" }).click();
    await expect(loginHeading(page)).toBeVisible();
    await expect(page.getByText("剛才的操作未有完成")).toHaveCount(0);
  });

  test("what was typed when the session ended is there again after signing in, once", async ({ page }) => {
    const ref = await createRecruitmentLead("ended-typed");
    await useStaffSession(page, "S001");
    const endElsewhere = async () => {
      const token = (await stored(page, "Token")) ?? "";
      expect((await api("POST", "/auth/sign-out", { token, body: {} })).Code).toBe(200);
    };
    const kept = () => page.evaluate(() => sessionStorage.getItem("nu-forms:staff-kept-input"));

    await page.goto("/staff/invoice_qrcode");
    const fields = {
      發票編號: `INV-KEPT-${Date.now()}`,
      "金額（港幣）": "1280",
      分店: "旺角店",
      登記編號: ref,
    };
    for (const [name, value] of Object.entries(fields)) await page.getByRole("textbox", { name }).fill(value);
    // Three days back in Hong Kong, picked on the calendar: not the date the form starts with.
    const hkYmd = (days: number) =>
      new Date(Date.now() + (8 * 60 - days * 24 * 60) * 60_000).toISOString().slice(0, 10);
    const day = hkYmd(3);
    const dateField = page.getByRole("button", { name: /發票日期/ });
    await dateField.click();
    const calendar = page.getByRole("dialog", { name: "選擇日期" });
    if (day.slice(5, 7) !== hkYmd(0).slice(5, 7))
      await calendar.getByRole("button", { name: "上一個月" }).click();
    await calendar.locator(`button[data-date="${day}"]`).click();
    await calendar.getByRole("button", { name: "確定" }).click();
    const shown = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    await expect(dateField).toHaveText(shown);
    await endElsewhere();
    await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
    await expect(loginHeading(page)).toBeVisible();
    await signInOnPage(page, "S001");
    await expect(page).toHaveURL(/\/staff\/invoice_qrcode$/);
    for (const [name, value] of Object.entries(fields))
      await expect(page.getByRole("textbox", { name })).toHaveValue(value);
    await expect(dateField).toHaveText(shown);
    expect(await kept()).toBeNull();
    // Given back once: the next visit starts empty.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "發票編號" })).toHaveValue("");

    await page.goto(`/staff/nutritionist_redeem?id=${ref}`);
    await page.getByRole("textbox", { name: "營養師姓名（選填）" }).fill("李營養師");
    await endElsewhere();
    await page.getByRole("button", { name: "兌換營養師諮詢" }).click();
    await page.getByRole("dialog", { name: "確認兌換" }).getByRole("button", { name: "確認兌換" }).click();
    await expect(loginHeading(page)).toBeVisible();
    await signInOnPage(page, "S001");
    await expect(page).toHaveURL(new RegExp(`/staff/nutritionist_redeem\\?id=${ref}$`));
    await expect(page.getByRole("textbox", { name: "營養師姓名（選填）" })).toHaveValue("李營養師");
    expect(await kept()).toBeNull();
  });

  test("offline, the sign-out from the staff bar still signs this device out", async ({ page }) => {
    await useStaffSession(page, "S001");
    await page.goto("/staff/invoice_qrcode");
    await expect(page.getByRole("heading", { name: "發票二維碼", level: 1 })).toBeVisible();
    const token = (await stored(page, "Token")) ?? "";
    await page.route("**/api/auth/sign-out", (route) => route.abort("internetdisconnected"));
    await page.locator(".staff-bar").getByRole("button", { name: "登出" }).click();
    await expect(page).toHaveURL(/\/staff\/home$/);
    await expect(loginHeading(page)).toBeVisible();
    for (const key of STAFF_KEYS) expect(await stored(page, key), key).toBeNull();
    // The server never heard of it: the token lives until its own expiry.
    expect((await api("GET", "/lead?id=NUDEM00001", { token })).Code).toBe(200);
  });

  test("offline before the API client's code came, the sign-out still signs this device out", async ({
    page,
  }) => {
    await useStaffSession(page, "S001");
    // The client's chunks, which the runtime imports on the page's first call (lib/api/lazyClient.ts),
    // never arrive; nor does the staff tool, which imports them too.
    const client = { requests: 0 };
    await page.route(/\/elements\/chunks\/(api|client)-[^/?]+\.js(\?[^/]*)?$/, (route) => {
      client.requests++;
      return route.abort("internetdisconnected");
    });
    const signOuts: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/sign-out")) signOuts.push(request.url());
    });
    await page.goto("/staff/invoice_qrcode");
    // The session could not be asked about: the page opens (the calls themselves will tell).
    await expect(page.getByRole("heading", { name: "發票二維碼", level: 1 })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "此部分未能載入" })).toBeVisible();
    expect(client.requests).toBeGreaterThan(0);
    const token = (await stored(page, "Token")) ?? "";
    await page.locator(".staff-bar").getByRole("button", { name: "登出" }).click();
    await expect(page).toHaveURL(/\/staff\/home$/);
    for (const key of STAFF_KEYS) expect(await stored(page, key), key).toBeNull();
    expect(signOuts).toEqual([]);
    expect((await api("GET", "/lead?id=NUDEM00001", { token })).Code).toBe(200);
  });
});

test.describe("idle staff sessions", () => {
  test("warn two minutes before the end, renew on 'stay signed in', and sign out when left alone", async ({
    page,
  }) => {
    await page.clock.install();
    await useStaffSession(page, "S001");
    await page.goto("/staff/verification");
    await expect(page.getByRole("heading", { name: "核實客戶", level: 1 })).toBeVisible();
    const dialog = page.getByRole("alertdialog", { name: "即將自動登出" });
    await expect(dialog).toBeHidden();
    const first = (await stored(page, "Token")) ?? "";

    await page.clock.fastForward("27:00");
    await expect(dialog).toBeHidden();
    await page.clock.fastForward("01:30");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("閒置 30 分鐘會自動登出");
    await expect(dialog.getByRole("button", { name: "保持登入" })).toBeFocused();
    await checkA11y(page);

    const renewed = page.waitForResponse((r) => r.url().endsWith("/api/auth/renew"));
    await dialog.getByRole("button", { name: "保持登入" }).click();
    expect((await renewed).status()).toBe(200);
    await expect.poll(() => stored(page, "Token")).not.toBe(first);
    const second = (await stored(page, "Token")) ?? "";
    expect(claims(second).sid).toBe(claims(first).sid);
    expect(claims(second).exp).toBeGreaterThan(claims(first).exp);

    // Nobody answers: the page signs itself out at the token's end, keeping the page to return to.
    const left = claims(second).exp * 1000 - (await page.evaluate(() => Date.now()));
    await page.clock.fastForward(Math.ceil(left) + 1000);
    await expect(page).toHaveURL(/\/staff\/home$/);
    await expect(loginHeading(page)).toBeVisible();
    // The sign-in says why, once (not the first-visit text).
    await expect(page.getByRole("alert").filter({ hasText: "閒置" })).toHaveText(
      "閒置了 30 分鐘，系統已自動登出，以保障客戶資料。 請先登入，登入後會返回你剛才的頁面。",
    );
    for (const key of STAFF_KEYS) expect(await stored(page, key), key).toBeNull();
    expect(await stored(page, "redirect_url")).toBe("/staff/verification");
    await page.reload();
    await expect(loginHeading(page)).toBeVisible();
    await expect(page.getByText("閒置了 30 分鐘")).toHaveCount(0);
  });
});

test.describe("other tabs", () => {
  test("a sign-out in one tab takes the customer's record off the others at once", async ({ context }) => {
    const ref = await createRecruitmentLead("other-tab");
    const first = await context.newPage();
    await useStaffSession(first, "S001");
    await first.goto("/staff/invoice_qrcode");
    await expect(first.getByRole("heading", { name: "發票二維碼", level: 1 })).toBeVisible();
    const second = await context.newPage();
    await second.goto(`/staff/nutritionist_redeem?id=${ref}`);
    await expect(second.getByRole("button", { name: "兌換營養師諮詢" })).toBeVisible();

    await first.locator(".staff-bar").getByRole("button", { name: "登出" }).click();
    await expect(loginHeading(first)).toBeVisible();
    // No click, no call: the other tab hears the token leave storage.
    await expect(second).toHaveURL(/\/staff\/home$/);
    await expect(loginHeading(second)).toBeVisible();
    await expect(second.getByText(ref)).toHaveCount(0);
    await expect(second.locator(".staff-bar")).toHaveCount(0);
  });
});

test.describe("a renewal in flight", () => {
  test("a sign-out in another tab while this tab's token is being renewed stands: the new token is not stored", async ({
    context,
  }) => {
    const first = await context.newPage();
    await useStaffSession(first, "S001");
    // The server renews the token; its answer reaches the tab only after the other tab signed out.
    let answered!: () => void;
    const serverAnswered = new Promise<void>((resolve) => {
      answered = resolve;
    });
    let deliver!: () => void;
    const delivered = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    await first.route("**/api/auth/renew", async (route) => {
      const response = await route.fetch();
      answered();
      await delivered;
      await route.fulfill({ response });
    });
    await first.goto("/staff/verification");
    await serverAnswered;

    const second = await context.newPage();
    await second.goto("/staff/home");
    await second.getByRole("button", { name: "登出", exact: true }).click();
    await expect(loginHeading(second)).toBeVisible();
    await expect(first).toHaveURL(/\/staff\/home$/);

    const renewal = first.waitForResponse((r) => r.url().endsWith("/api/auth/renew"));
    deliver();
    expect((await renewal).ok()).toBe(true);
    await expect(loginHeading(first)).toBeVisible();
    // The renewal's promise has settled in the page (a macrotask after the answer).
    await first.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    for (const key of STAFF_KEYS) expect(await stored(first, key), key).toBeNull();
  });
});

test.describe("customer sign-out", () => {
  test("using another e-mail ends the customer token on the server", async ({ page }) => {
    const email = uniqueEmail("signout");
    await page.goto("/customer/nuForm");
    await signIn(page, email);
    const switchEmail = page.getByRole("button", { name: "改用其他電郵地址" });
    await expect(switchEmail).toBeVisible();
    const token = (await stored(page, "CUSTOMER_TOKEN")) ?? "";
    expect(token).not.toBe("");

    const answer = signOutAnswer(page);
    await switchEmail.click();
    expect((await answer).status()).toBe(200);
    expect(await stored(page, "CUSTOMER_TOKEN")).toBeNull();
    const refused = await api("POST", "/lead", { token, body: leadBody(email) });
    expect(refused.Code).toBe(401);
    expect(refused.Error).toBe("SESSION_ENDED");
  });
});

/**
 * Ending every session of a staff id would end the sessions other specs hold in parallel on the
 * shared server: these run on a server of their own.
 */
test.describe("sign out everywhere and admin revocation (own server)", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** A sign-in of `staffId` through the API of the own server, stored in `page` before it loads. */
  async function signedIn(page: Page, staffId: "S001" | "A001"): Promise<string> {
    const token = await staffToken(staffId, server.url);
    const login = await api<Record<string, string>>("GET", `/staff?staff_id=${staffId}`, {
      base: server.url,
      token,
    });
    const record = login.Data[0];
    await storeFlags(page, {
      STAFF_ID: record.staff_id,
      Token: token,
      STAFF_NAME: `${record.first_name} ${record.last_name}`.trim(),
      STAFF_ROLE: record.role,
    });
    return token;
  }
  const readLead = (token: string) => api("GET", "/lead?id=NUDEM00001", { base: server.url, token });

  test("sign out everywhere ends the staff member's other device, not other staff; staff without the admin role do not see the admin's panel", async ({
    browser,
  }) => {
    const counter = await (await browser.newContext()).newPage();
    const office = await (await browser.newContext()).newPage();
    await signedIn(counter, "S001");
    await signedIn(office, "S001");
    for (const page of [counter, office]) {
      await page.goto(`${server.url}/staff/home`);
      await expect(page.getByRole("heading", { name: /^你好/ })).toBeVisible();
    }
    await expect(counter.getByRole("form", { name: "結束職員登入" })).toHaveCount(0);
    const adminToken = await staffToken("A001", server.url);

    // One press asks first; 取消 leaves everyone signed in.
    await counter.getByRole("button", { name: "登出所有裝置" }).click();
    await expect(counter.getByText("所有裝置及分頁上的 S001 都會登出，包括其他櫃檯。確定？")).toBeVisible();
    await expect(counter.getByRole("button", { name: "確定登出所有裝置" })).toBeFocused();
    await counter.getByRole("button", { name: "取消" }).click();
    await expect(counter.getByRole("heading", { name: /^你好/ })).toBeVisible();
    await counter.getByRole("button", { name: "登出所有裝置" }).click();
    const answer = signOutAnswer(counter);
    await counter.getByRole("button", { name: "確定登出所有裝置" }).click();
    expect((await answer).status()).toBe(200);
    await expect(loginHeading(counter)).toBeVisible();

    // The office tab was open all along: its next call meets the ended session.
    await office.getByRole("button", { name: /核實客戶/ }).click();
    await office.getByRole("textbox", { name: "登記編號" }).fill("NUDEM00001");
    await office.getByRole("button", { name: "查詢" }).click();
    await expect(office).toHaveURL(/\/staff\/home$/);
    await expect(loginHeading(office)).toBeVisible();
    expect((await readLead(adminToken)).Code).toBe(200);
    await counter.context().close();
    await office.context().close();
  });

  test("A001 ends S001's sign-ins from the staff home (lost device)", async ({ page }) => {
    const lostToken = await staffToken("S001", server.url);
    expect((await readLead(lostToken)).Code).toBe(200);
    await signedIn(page, "A001");
    await page.goto(`${server.url}/staff/home`);
    const panel = page.getByRole("form", { name: "結束職員登入" });
    await expect(panel).toBeVisible();
    await checkA11y(page);
    await panel.getByRole("button", { name: "結束該職員所有登入" }).click();
    await expect(panel.getByText("請輸入職員編號")).toBeVisible();
    // An id no staff member has is named, on the field.
    await panel.getByRole("textbox", { name: "職員編號" }).fill("S999");
    await panel.getByRole("button", { name: "結束該職員所有登入" }).click();
    await expect(panel.getByRole("textbox", { name: "職員編號" })).toHaveAccessibleDescription(
      "職員編號 S999 不存在。",
    );
    await expect(panel.getByRole("textbox", { name: "職員編號" })).toBeFocused();
    await panel.getByRole("textbox", { name: "職員編號" }).fill("s001");
    await panel.getByRole("button", { name: "結束該職員所有登入" }).click();
    await expect(panel.getByRole("status")).toHaveText(/^已結束 S001 的 [1-9]\d* 個登入。$/);
    expect((await readLead(lostToken)).Error).toBe("SESSION_ENDED");
    // The admin's own session goes on.
    await page.getByRole("button", { name: /核實客戶/ }).click();
    await expect(page.getByRole("heading", { name: "核實客戶", level: 1 })).toBeVisible();
  });
});
