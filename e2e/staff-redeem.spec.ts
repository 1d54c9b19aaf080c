/**
 * The counter end to end: a customer's lead (made through the API, as nuForm makes it) and a
 * photo of its QR code; staff find the lead by typing and by scanning that photo, see it, redeem
 * once, and are refused a second time with who and when. Also the nutritionist redemption and a
 * retry after a lost answer. The customer's own pages are nuform.spec.ts and customer-experience.
 */

import { checkA11y } from "./nuform-steps.ts";
import { createLead, createRecruitmentLead, qrPng, snapWidths, useStaffSession } from "./staff-steps.ts";
import { api, staffToken } from "./support/api.ts";
import { expect, type Page, test } from "./support/test.ts";

const redeemButton = (page: Page) => page.getByRole("button", { name: "兌換會員禮品" });
const byWhoAndWhen = /由 .+（S001） 於 \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} 兌換/;

test("a customer's lead: S001 finds, scans and redeems once", async ({ page: staff }, testInfo) => {
  const ref = await createLead(
    "staff-counter",
    { last_name: "何", first_name: "曉晴" },
    {
      phone: "98765432",
      address: { region: "KLN", district: "KT", building: "淘大花園", block: "P座", floor: "10", room: "A" },
    },
  );
  await useStaffSession(staff, "S001");
  await staff.goto("/staff/verification");
  await expect(staff.locator(".staff-area.staff-white")).toBeVisible();
  await snapWidths(staff, testInfo, "staff-verification");

  // Typing: a malformed and an unknown reference are refused in Chinese.
  const refField = staff.getByRole("textbox", { name: "登記編號" });
  await refField.fill("ABC");
  await staff.getByRole("button", { name: "查詢" }).click();
  await expect(staff.getByText(/登記編號格式不正確/)).toBeVisible();
  await refField.fill("NU00000000");
  await staff.getByRole("button", { name: "查詢" }).click();
  await expect(staff.getByText("找不到登記編號 NU00000000 的客戶記錄，請核對後再試。")).toBeVisible();
  await checkA11y(staff);

  await refField.fill(ref.toLowerCase());
  await staff.getByRole("button", { name: "查詢" }).click();
  await expect(staff).toHaveURL(new RegExp(`/staff/result\\?id=${ref}$`));
  await expect(staff.getByText("何曉晴", { exact: true })).toBeVisible();
  await expect(staff.getByText("+852 ****5432")).toBeVisible();
  await expect(staff.getByText(/staff-counter\./)).toHaveCount(0);
  await expect(staff.getByText(/\*\*\*@example\.hk/)).toBeVisible();
  await expect(staff.getByText("香港 · 九龍 觀塘區")).toBeVisible();
  await expect(staff.locator('[data-kind="member"][data-redeemed="false"]')).toBeVisible();
  await snapWidths(staff, testInfo, "staff-result");

  // Scanning: a photo without a QR code, then the customer's code itself.
  await staff.goto("/staff/verification");
  const photo = staff.getByLabel("用相片掃描");
  await photo.setInputFiles({
    name: "blank.png",
    mimeType: "image/png",
    buffer: await staff.getByRole("heading", { name: "核實客戶", level: 1 }).screenshot(),
  });
  await expect(staff.getByText(/相片中找不到二維碼/)).toBeVisible();
  await photo.setInputFiles({ name: "member-qr.png", mimeType: "image/png", buffer: await qrPng(ref) });
  await expect(staff).toHaveURL(new RegExp(`/staff/result\\?id=${ref}$`));

  // A second staff tab opens the redeem centre before the redemption happens.
  const stale = await staff.context().newPage();
  await stale.goto(`/staff/redeem_center?leadId=${ref}`);
  await expect(redeemButton(stale)).toBeEnabled();

  await staff.getByRole("button", { name: "前往兌換中心" }).click();
  await expect(staff).toHaveURL(new RegExp(`/staff/redeem_center\\?leadId=${ref}$`));
  await snapWidths(staff, testInfo, "staff-redeem-center");
  await redeemButton(staff).click();
  const dialog = staff.getByRole("dialog", { name: "確認兌換" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`何曉晴（${ref}）`);
  await snapWidths(staff, testInfo, "staff-redeem-confirm");
  await dialog.getByRole("button", { name: "確認兌換" }).click();
  await expect(staff.getByText(/^兌換成功：/)).toBeVisible();
  // The button is gone: the focus is on the message that took its place, not on <body>.
  await expect(staff.getByText(/^兌換成功：/)).toBeFocused();
  await expect(staff.getByText(byWhoAndWhen).first()).toBeVisible();
  await expect(redeemButton(staff)).toHaveCount(0);
  await checkA11y(staff);
  await snapWidths(staff, testInfo, "staff-redeemed");

  // Refused a second time: from the stale tab, through the API, and on a fresh visit.
  await redeemButton(stale).click();
  await stale.getByRole("dialog", { name: "確認兌換" }).getByRole("button", { name: "確認兌換" }).click();
  await expect(stale.getByText(/^此客戶已經兌換：由 .+（S001） 於 .+，不可再次兌換。$/)).toBeVisible();
  await expect(stale.locator(".nu-warning")).toBeFocused();
  await expect(redeemButton(stale)).toHaveCount(0);

  const again = await api<{ staff_id: string }>("POST", "/redemptions", {
    token: await staffToken("A001"),
    body: { lead_id: ref, kind: "member" },
  });
  expect(again.Code).toBe(409);
  expect(again.Error).toBe("ALREADY_REDEEMED");
  expect(again.Data[0].staff_id).toBe("S001");

  await staff.goto(`/staff/result?id=${ref}`);
  await expect(staff.locator('[data-kind="member"][data-redeemed="true"]')).toContainText(byWhoAndWhen);
  await staff.goto(`/staff/redeem_center?leadId=${ref}`);
  await expect(staff.getByText(byWhoAndWhen).first()).toBeVisible();
  await expect(redeemButton(staff)).toHaveCount(0);
});

for (const [page, path] of [
  ["result page", "/staff/result?id="],
  ["redeem centre", "/staff/redeem_center?leadId="],
] as const) {
  test(`the ${page} draws the lead with what is handed over in one go: nothing moves under a finger`, async ({
    page: staff,
  }) => {
    const ref = await createLead(`staff-settled-${page.length}`, undefined, { product_id: "P01" });
    await staff.setViewportSize({ width: 820, height: 1180 });
    await useStaffSession(staff, "S001");
    // The lead has answered; the operator's offer is held until the page has been read.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    let asked = false;
    await staff.route("**/api/redemption_offer?**", async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await staff.goto(`${path}${ref}`);
    await expect.poll(() => asked).toBe(true);
    await expect(staff.getByRole("status").filter({ hasText: "正在載入客戶資料…" })).toBeVisible();
    await expect(redeemButton(staff)).toHaveCount(0);
    await expect(staff.getByText("陳大文", { exact: true })).toHaveCount(0);
    if (process.env.SCREENSHOTS) await staff.screenshot({ path: test.info().outputPath("loading.png") });
    release();
    // The hand-over is there the moment the button is, and the button stays where it first showed.
    await expect(redeemButton(staff)).toBeVisible();
    await expect(staff.getByTestId("handover")).toContainText("初生營養奶粉 1 號");
    const first = await redeemButton(staff).boundingBox();
    await staff.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await redeemButton(staff).boundingBox()).toEqual(first);
    if (process.env.SCREENSHOTS)
      await staff.screenshot({ path: test.info().outputPath("drawn.png"), fullPage: true });
  });
}

test("the redeem centre says what is handed over and until when, and warns past that day; a retry after a lost answer is shown as redeemed, never as a second redemption", async ({
  page,
}) => {
  const ref = await createLead("staff-retry", { last_name: "Chan", first_name: "Siu Ming" });
  await useStaffSession(page, "S001");
  await page.goto(`/staff/redeem_center?leadId=${ref}`);
  const offer = page.getByTestId("redeem-offer");
  await expect(offer).toContainText("所選營養奶粉試用裝一罐（400 克）（示例）");
  const hk = new Date(Date.now() + 8 * 3_600_000 + 90 * 86_400_000);
  const lastDay = `${hk.getUTCFullYear()}年${hk.getUTCMonth() + 1}月${hk.getUTCDate()}日`;
  await expect(offer).toContainText(`${lastDay}或之前`);
  await expect(offer.getByRole("note")).toHaveCount(0);

  // An offer whose period ended yesterday for this registration.
  await page.route("**/api/redemption_offer?**", async (route) => {
    const answer = await (await route.fetch()).json();
    answer.Data[0].valid_days = -1;
    await route.fulfill({ json: answer });
  });
  await page.reload();
  await expect(offer.getByRole("note")).toContainText("已過換領期限");
  await expect(page.getByRole("button", { name: "兌換會員禮品" })).toBeVisible();

  // The first request reaches the server and redeems, but its answer is lost on the way back.
  let dropped = false;
  await page.route("**/api/redemptions", async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await expect(page.getByText("Siu Ming Chan", { exact: true })).toBeVisible();
  await redeemButton(page).click();
  await page.getByRole("dialog", { name: "確認兌換" }).getByRole("button", { name: "確認兌換" }).click();
  await expect(page.getByText("網絡連線出現問題，請檢查網絡後再試。")).toBeVisible();
  // The server may well have redeemed: the status does not claim 未兌換 while that is unknown.
  await expect(page.locator(".nu-badge")).toHaveText("未能確認");
  await page.getByRole("button", { name: "重試（不會重複兌換）" }).click();
  // Our own request went through the first time: a success, not a refusal.
  await expect(page.getByText(/^兌換成功：由 .+（S001）/)).toBeVisible();
  await expect(page.getByText(/不可再次兌換/)).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: /網絡/ })).toHaveCount(0);
  await expect(redeemButton(page)).toHaveCount(0);
});

test("nutritionist redemption: a reference no customer has is named and corrected; redeem with the nutritionist's name, once", async ({
  page,
}, testInfo) => {
  const ref = await createRecruitmentLead("staff-nutritionist");
  await useStaffSession(page, "S001");
  await page.goto("/staff/nutritionist_redeem?id=NUZZZZZZZZ");
  await expect(page.getByRole("heading", { name: "營養師兌換", level: 1 })).toBeVisible();
  const field = page.getByRole("textbox", { name: "登記編號" });
  await expect(field).toHaveAccessibleDescription(/找不到登記編號 NUZZZZZZZZ 的客戶記錄，請核對後再試。/);
  await expect(page.getByText("找不到相關記錄。")).toHaveCount(0);
  await expect(field).toHaveValue("NUZZZZZZZZ");
  await expect(field).toBeFocused();
  await snapWidths(page, testInfo, "staff-nutritionist-find");
  await field.fill(ref);
  await page.getByRole("button", { name: "查詢" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/nutritionist_redeem\\?id=${ref}$`));
  await expect(page.getByText("陳大文", { exact: true })).toBeVisible();
  await page.getByRole("textbox", { name: "營養師姓名（選填）" }).fill("李營養師");
  await snapWidths(page, testInfo, "staff-nutritionist");
  await page.getByRole("button", { name: "兌換營養師諮詢" }).click();
  await page.getByRole("dialog", { name: "確認兌換" }).getByRole("button", { name: "確認兌換" }).click();
  await expect(page.getByText(/^兌換成功：由 .+（S001）.+兌換（營養師：李營養師）。$/)).toBeFocused();
  await expect(page.getByRole("button", { name: "兌換營養師諮詢" })).toHaveCount(0);

  const lead = await api<{ redemptions: Array<{ kind: string; staff_id: string; note: string }> }>(
    "GET",
    `/lead?id=${ref}`,
    { token: await staffToken("A001") },
  );
  expect(lead.Data[0].redemptions).toEqual([
    expect.objectContaining({ kind: "nutritionist", staff_id: "S001", note: "李營養師" }),
  ]);

  // Its own record: the member gift is still open. The result names the nutritionist.
  await page.getByRole("button", { name: "返回客戶資料" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/result\\?id=${ref}$`));
  await expect(page.locator('[data-kind="nutritionist"][data-redeemed="true"]')).toContainText(
    "（營養師：李營養師）",
  );
  await snapWidths(page, testInfo, "staff-nutritionist-result");
  await expect(page.locator('[data-kind="member"][data-redeemed="false"]')).toBeVisible();
});

test("the camera refused leaves the typed way ready, and verification works by keyboard alone", async ({
  page,
}) => {
  const ref = await createLead("staff-keyboard");
  await useStaffSession(page, "S001");
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "mediaDevices", {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
    });
  });
  await page.goto("/staff/verification");
  await page.getByRole("button", { name: "開啟相機掃描" }).click();
  await expect(page.getByText(/未獲准使用相機/)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "登記編號" })).toBeFocused();
  await page.keyboard.type(ref);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/staff/result\\?id=${ref}$`));
});
