/**
 * The counter at tablet width (820 px), zh and en: the redemption names what goes in the bag, a
 * scan to a done redemption takes three taps and leaves the scanner live, the invoice form takes
 * an amount as a receipt writes it and remembers the shop, the nutritionist page scans and
 * remembers the nutritionist, and the staff home puts the tools first.
 */

import { checkA11y } from "./nuform-steps.ts";
import {
  createLead,
  createRecruitmentLead,
  fakeCamera,
  qrPng,
  showToCamera,
  signInOnPage,
  useStaffSession,
} from "./staff-steps.ts";
import { api, outboxCode, staffToken } from "./support/api.ts";
import { type RunningServer, startServer } from "./support/server.ts";
import { expect, type Locator, type Page, test } from "./support/test.ts";

test.use({ viewport: { width: 820, height: 1180 } });

/** P01 in the demo catalogue: 初生營養奶粉 1 號 / Newborn Formula Stage 1. */
const STAGE_1 = { product_id: "P01" };

async function useEnglish(page: Page, baseURL: string | undefined): Promise<void> {
  await page.context().addCookies([{ name: "nu-forms-lang", value: "en", url: baseURL as string }]);
  await page.addInitScript(() => localStorage.setItem("nu-forms:lang", "en"));
}

/** SCREENSHOTS=1 keeps an 820 px screenshot of the page in the test output. */
async function snap(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("the redeem centre names the product, its stage and pack beside the button and in the dialog, in Chinese and in English, where the redemption reads as sentences", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ref = await createLead("counter-product", undefined, STAGE_1);
  await useStaffSession(page, "S001");
  await page.goto(`/staff/redeem_center?leadId=${ref}`);
  const handOver = page.getByTestId("handover");
  await expect(handOver).toContainText("交予客戶");
  await expect(handOver.locator(".nu-handover-product")).toHaveText("初生營養奶粉 1 號");
  await expect(handOver).toContainText("適合 0 至 6 個月嬰兒");
  await expect(handOver).toContainText("400 克");
  // Large type, and the button right under it.
  const size = await handOver.locator(".nu-handover-product").evaluate((e) => getComputedStyle(e).fontSize);
  expect(Number.parseFloat(size)).toBeGreaterThanOrEqual(24);
  const button = page.getByRole("button", { name: "兌換會員禮品" });
  const [box, buttonBox] = [await handOver.boundingBox(), await button.boundingBox()];
  expect(buttonBox && box && buttonBox.y - (box.y + box.height)).toBeLessThan(80);
  await checkA11y(page);
  await snap(page, "redeem-centre-zh");
  await button.click();
  const dialog = page.getByRole("dialog", { name: "確認兌換" });
  await expect(dialog).toContainText("交予客戶：初生營養奶粉 1 號（適合 0 至 6 個月嬰兒）");
  await checkA11y(page);
  await dialog.getByRole("button", { name: "取消" }).click();

  // In English (the language a staff member chose is kept in a cookie and in storage).
  await useEnglish(page, baseURL);
  await page.reload();
  await expect(handOver.locator(".nu-handover-product")).toHaveText("Newborn Formula Stage 1");
  await expect(handOver).toContainText("For babies 0 to 6 months");
  await expect(handOver).toContainText("400 g");
  await snap(page, "redeem-centre-en");
  await page.getByRole("button", { name: "Redeem the member gift" }).click();
  const english = page.getByRole("dialog", { name: "Confirm redemption" });
  await expect(english).toContainText("Hand over: Newborn Formula Stage 1 (For babies 0 to 6 months)");
  // The redemption reads as sentences, and the success box is not all bold.
  await expect(english).toContainText(`Redeem the member gift for 陳大文 (${ref})?`);
  await english.getByRole("button", { name: "Redeem", exact: true }).click();
  const success = page.getByText(
    /^Done\. Redeemed by Kelly Lee \(S001\) on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/,
  );
  await expect(success).toBeFocused();
  await expect(success).toHaveCSS("font-weight", "400");
});

test("a counter redemption from a scan is three taps, and the scanner is live again after it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const first = await createLead("counter-taps-1", undefined, STAGE_1);
  const second = await createLead("counter-taps-2", { last_name: "李", first_name: "小明" });
  await fakeCamera(page);
  await useStaffSession(page, "S001");
  await page.goto("/staff/home");
  // The redeem-centre tile opens verification with the camera on.
  await page.getByRole("button", { name: /^兌換中心/ }).click();
  await expect(page).toHaveURL(/\/staff\/verification$/);
  const scanning = page.getByRole("status").filter({ hasText: "掃描中" });
  await expect(scanning).toBeVisible();
  await checkA11y(page);

  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.click();
  };
  await showToCamera(page, first);
  await expect(page).toHaveURL(new RegExp(`/staff/result\\?id=${first}$`));
  // One screen: who it is, what goes in the bag, and the button.
  await expect(page.getByText("陳大文", { exact: true })).toBeVisible();
  await expect(page.getByTestId("handover")).toContainText("初生營養奶粉 1 號");
  // A nuForm lead: the member gift only, not the recruitment form's nutritionist consultation.
  await expect(page.getByText("營養師諮詢")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "營養師兌換" })).toHaveCount(0);
  await checkA11y(page);
  await snap(page, "counter-result-zh");
  await tap(page.getByRole("button", { name: "兌換會員禮品" }));
  await tap(page.getByRole("dialog", { name: "確認兌換" }).getByRole("button", { name: "確認兌換" }));
  await expect(page.getByText(/^兌換成功：由 .+（S001）/)).toBeFocused();
  await checkA11y(page);
  await snap(page, "counter-redeemed-zh");
  // The customer's phone is still in front of the camera: the scanner passes over their code
  // (for 30 s) and says so, instead of bouncing back to them.
  await tap(page.getByRole("button", { name: "下一位客戶（開啟掃描）" }));
  await expect(page).toHaveURL(/\/staff\/verification$/);
  const passedOver = page.getByRole("status").filter({ hasText: `剛才客戶（${first}）的二維碼` });
  await expect(passedOver).toHaveText(
    `鏡頭前仍是剛才客戶（${first}）的二維碼，30 秒內不會再讀取。請下一位客戶出示二維碼；如要再查看剛才的客戶，請在下面輸入登記編號。`,
  );
  await expect(scanning).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/verification$/);
  expect(taps).toBeLessThanOrEqual(3);
  await checkA11y(page);
  await snap(page, "counter-passed-over-zh");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("status").filter({ hasText: "customer just served" })).toHaveText(
    `The code in front of the camera is the customer just served (${first}): it is not read again for 30 seconds. Please ask the next customer for their code; to see the same customer again, type the number below.`,
  );
  await snap(page, "counter-passed-over-en");
  await page.getByRole("button", { name: "中文" }).click();
  await expect(passedOver).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/verification$/);

  const lead = await api<{ redemptions: Array<{ kind: string }> }>("GET", `/lead?id=${first}`, {
    token: await staffToken("A001"),
  });
  expect(lead.Data[0].redemptions).toEqual([expect.objectContaining({ kind: "member" })]);

  // The next customer is read at once.
  await showToCamera(page, second);
  await expect(page).toHaveURL(new RegExp(`/staff/result\\?id=${second}$`));
  await expect(page.getByText("李小明", { exact: true })).toBeVisible();

  // Stopped by hand, the camera stays off for the next customer.
  await showToCamera(page, null);
  await page.getByRole("button", { name: "核實另一位客戶" }).click();
  await expect(scanning).toBeVisible();
  await page.getByRole("button", { name: "停止掃描" }).click();
  await page.getByRole("textbox", { name: "登記編號" }).fill(first);
  await page.getByRole("button", { name: "查詢" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/result\\?id=${first}$`));
  await page.getByRole("button", { name: "核實另一位客戶" }).click();
  await expect(page.getByRole("button", { name: "開啟相機掃描" })).toBeVisible();
  await expect(scanning).toHaveCount(0);
});

test("the invoice amount brings up the number pad and reads $1,280; the shop is remembered; the reference is scanned", async ({
  page,
}) => {
  const ref = await createLead("counter-invoice");
  await fakeCamera(page);
  await useStaffSession(page, "S001");
  await page.goto("/staff/invoice_qrcode");
  const amount = page.getByRole("textbox", { name: "金額（港幣）" });
  await expect(amount).toHaveAttribute("inputmode", "decimal");
  const shop = page.getByRole("textbox", { name: "分店" });
  await expect(shop).toHaveValue("");
  const number = `C${Date.now()}`;
  await page.getByRole("textbox", { name: "發票編號" }).fill(number);
  await amount.fill("$1,280");
  // The camera fills the customer's reference; the next key goes to the field still empty (the
  // shop), not to <body> (the camera's button is gone).
  const leadRef = page.getByRole("textbox", { name: "登記編號" });
  await page.getByRole("button", { name: "掃描客戶二維碼", exact: true }).click();
  await showToCamera(page, ref);
  await expect(leadRef).toHaveValue(ref);
  await expect(shop).toBeFocused();
  await page.keyboard.type("旺角店");
  await expect(shop).toHaveValue("旺角店");
  // All filled, a photo of the code (the other way) leaves focus on the button: Enter saves.
  await leadRef.fill("");
  await page.getByLabel("用相片掃描客戶二維碼").setInputFiles({
    name: "member-qr.png",
    mimeType: "image/png",
    buffer: await qrPng(ref),
  });
  await expect(leadRef).toHaveValue(ref);
  await expect(page.getByRole("button", { name: "儲存並產生二維碼" })).toBeFocused();
  await snap(page, "invoice-zh");
  await page.keyboard.press("Enter");
  await expect(page.getByText("1,280")).toBeVisible();

  // The next invoice starts with this staff member's shop, after a reload too.
  await page.getByRole("button", { name: "建立另一張發票" }).click();
  await expect(shop).toHaveValue("旺角店");
  await page.reload();
  await expect(page.getByRole("textbox", { name: "分店" })).toHaveValue("旺角店");
  // A sign-out forgets it.
  await page.locator(".staff-bar").getByRole("button", { name: "登出" }).click();
  await expect(page.getByRole("textbox", { name: "職員編號" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("nu-forms:staff-remembered"))).toBeNull();
});

test("the remembered shop belongs to its staff id; an amount that a comma makes unclear is refused, not misread", async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem("e2e-remembered")) return;
    sessionStorage.setItem("e2e-remembered", "1");
    localStorage.setItem(
      "nu-forms:staff-remembered",
      JSON.stringify({ staffId: "S001", values: { shop: "旺角店" } }),
    );
  });
  await useStaffSession(page, "A001");
  await page.goto("/staff/invoice_qrcode");
  await expect(page.getByRole("textbox", { name: "分店" })).toHaveValue("");

  await page.getByRole("textbox", { name: "金額（港幣）" }).fill("1.280,00");
  await page.getByRole("button", { name: "儲存並產生二維碼" }).click();
  await expect(page.getByRole("textbox", { name: "金額（港幣）" })).toHaveAccessibleDescription(
    /請輸入數字，最多兩個小數位/,
  );
});

test("the nutritionist page scans the customer and remembers the nutritionist's name", async ({ page }) => {
  const first = await createRecruitmentLead("counter-nutri-1");
  const second = await createRecruitmentLead("counter-nutri-2");
  await useStaffSession(page, "S001");
  await page.goto("/staff/nutritionist_redeem");
  await expect(page.getByRole("button", { name: "開啟相機掃描" })).toBeVisible();
  await checkA11y(page);
  await snap(page, "nutritionist-find-zh");
  await page.getByLabel("用相片掃描").setInputFiles({
    name: "member-qr.png",
    mimeType: "image/png",
    buffer: await qrPng(first),
  });
  await expect(page).toHaveURL(new RegExp(`/staff/nutritionist_redeem\\?id=${first}$`));
  const name = page.getByRole("textbox", { name: "營養師姓名（選填）" });
  await expect(name).toHaveValue("");
  await name.fill("李營養師");
  await page.getByRole("button", { name: "兌換營養師諮詢" }).click();
  await page.getByRole("dialog", { name: "確認兌換" }).getByRole("button", { name: "確認兌換" }).click();
  await expect(page.getByText(/^兌換成功：.+（營養師：李營養師）。$/)).toBeFocused();

  await page.getByRole("button", { name: "為另一位客戶兌換" }).click();
  await page.getByRole("textbox", { name: "登記編號" }).fill(second);
  await page.getByRole("button", { name: "查詢" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/nutritionist_redeem\\?id=${second}$`));
  await expect(name).toHaveValue("李營養師");
  await checkA11y(page);
  await snap(page, "nutritionist-zh");

  // The recruitment form's customer: the result lists the consultation and leads to it.
  await page.getByRole("button", { name: "返回客戶資料" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/result\\?id=${second}$`));
  await expect(page.locator('[data-kind="nutritionist"]')).toContainText("營養師諮詢未兌換");
  await expect(page.getByRole("button", { name: "營養師兌換" })).toBeVisible();
  // A nuForm customer was never offered it: nothing to redeem, and the page says why.
  const nuform = await createLead("counter-nutri-nuform");
  await page.goto(`/staff/nutritionist_redeem?id=${nuform}`);
  await expect(page.getByRole("status").filter({ hasText: "不包括營養師諮詢" })).toHaveText(
    "此客戶以會員登記表格登記，不包括營養師諮詢，無須兌換。",
  );
  await expect(page.getByRole("button", { name: "兌換營養師諮詢" })).toHaveCount(0);
  await checkA11y(page);
  await snap(page, "nutritionist-nuform-zh");
});

test("staff home: the tools first, a redeem-centre tile, sign-out below and sign-out everywhere small", async ({
  page,
  baseURL,
}) => {
  await useStaffSession(page, "S001");
  await page.goto("/staff/home");
  const tools = page.getByRole("list", { name: "職員工具" });
  await expect(tools.getByRole("button")).toHaveText([
    /^核實客戶/,
    /^兌換中心/,
    /^營養師兌換/,
    /^發票二維碼/,
  ]);
  const signOut = page.getByRole("button", { name: "登出", exact: true });
  const everywhere = page.getByRole("button", { name: "登出所有裝置" });
  const toolsBox = await tools.boundingBox();
  const signOutBox = await signOut.boundingBox();
  expect(toolsBox && signOutBox && signOutBox.y > toolsBox.y + toolsBox.height).toBe(true);
  // Not a button of the same weight: a smaller text link, below 登出.
  await expect(everywhere).not.toHaveClass(/nu-button/);
  const everywhereBox = await everywhere.boundingBox();
  expect(everywhereBox && signOutBox && everywhereBox.y > signOutBox.y).toBe(true);
  await checkA11y(page);
  await snap(page, "home-zh");

  await useEnglish(page, baseURL);
  await page.reload();
  await expect(page.getByRole("list", { name: "Staff tools" }).getByRole("button").nth(1)).toHaveText(
    /^Redeem centre/,
  );
  await checkA11y(page);
  await snap(page, "home-en");
});

/**
 * S002 may be sent five codes an hour and the specs on the shared server use them all: the code
 * step's new code is tried on a server of its own.
 */
test.describe("the staff code step (own server)", () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("it says where the code went and sends a new one without the password again", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${server.url}/staff/home`);
    await signInOnPage(page, "S002");
    await expect(page.getByText(/已電郵到職員 S002 登記的電郵地址/)).toBeVisible();
    const firstCode = await outboxCode({ staff_id: "S002" }, server.url);
    await checkA11y(page);
    await snap(page, "code-zh");
    // The same step in English (the page's language switch keeps it).
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByText(/e-mailed to the address on record for staff S002/)).toBeVisible();
    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByRole("status").filter({ hasText: "A new code has been sent" })).toBeVisible();
    const code = page.getByRole("textbox", { name: "Code" });
    await expect(code).toBeFocused();
    await checkA11y(page);
    await snap(page, "code-en");
    const secondCode = await outboxCode({ staff_id: "S002" }, server.url);
    // The earlier code no longer works, and a wrong code says how many tries are left before the
    // lock-out, as the customer's code step does (two codes may by chance be the same digits).
    const wrong = [firstCode, "000000", "111111"].find((c) => c !== secondCode) as string;
    await code.fill(wrong);
    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "tries left" })).toHaveText(
      "The verification code is not correct. Wrong tries left before the account is locked for a while: 4.",
    );
    await snap(page, "code-wrong-en");
    await code.fill(secondCode);
    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/verification$/);
  });
});
