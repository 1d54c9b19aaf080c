/**
 * The lead desk (/staff/leads) at a counter tablet's 820 px, against the real build and server: an
 * admin finds a lead by phone, opens it in full, exports what the search selects (the file starts
 * with the UTF-8 byte-order mark and holds the Chinese name as typed), corrects a name (listed
 * under the changes with the admin's id), withdraws the marketing consent (channel admin), downloads
 * the person's access export and erases the person (after a second step: the lead stays, erased,
 * without the name), and Back returns to the search; the webhook log shows a test event refused by
 * the worker's receiver, retried and delivered. A staff member without
 * the admin role gets no tile, a refusal at the route, and a 403 from the API. axe on the list,
 * the lead screen and the refusal. SCREENSHOTS=1 keeps screenshots of the list, the lead and the
 * panels at 820 and 1280 px.
 */
import { readFile } from "node:fs/promises";
import { useStaffSession } from "./staff-steps.ts";
import { api, apiLead } from "./support/api.ts";
import { expectNoA11yViolations } from "./support/axe.ts";
import { expect, type Page, type TestInfo, test } from "./support/test.ts";

test.use({ viewport: { width: 820, height: 1180 } });

async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  for (const width of [820, 1280]) {
    await page.setViewportSize({ width, height: width === 820 ? 1180 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 820, height: 1180 });
}

test("an admin finds a lead by phone, opens it, exports the list with its Chinese intact", async ({
  page,
  webhookReceiver,
}, testInfo) => {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const ref = await apiLead("desk", {
    names: { last_name: "歐陽", first_name: "子晴" },
    extra: { phone, consents: { terms: true, privacy: true, marketing: true } },
  });
  await useStaffSession(page, "A001");
  await page.goto("/staff/leads");
  await expect(page.getByRole("heading", { level: 1, name: "客戶資料台" })).toBeVisible();

  await page.getByRole("searchbox", { name: "搜尋" }).fill(phone);
  await page.getByRole("button", { name: "搜尋", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${phone}`));
  const rows = page.getByRole("row").filter({ hasText: ref });
  await expect(rows).toHaveCount(1);
  // Masked in the list: the phone's last four digits only, the name as it is.
  await expect(rows).toContainText(`****${phone.slice(-4)}`);
  await expect(rows).not.toContainText(phone);
  await expect(rows).toContainText("歐陽子晴");
  await expectNoA11yViolations(page);
  await snap(page, testInfo, "desk-list");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "匯出 CSV" }).click();
  const download = await downloading;
  const bytes = await readFile((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trim().split(/\r?\n/);
  expect(lines[0]).toContain("姓");
  // What the search selected, and only that: one lead, its names in Chinese, its phone whole.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(ref);
  expect(lines[1]).toContain("歐陽");
  expect(lines[1]).toContain("子晴");
  expect(lines[1]).toContain(phone);
  await expect(page.getByRole("status").filter({ hasText: "已下載" })).toBeVisible();

  await page.getByRole("link", { name: `查看 ${ref} 的完整資料` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${ref}`));
  await expect(page.getByRole("heading", { name: `客戶 ${ref}` })).toBeVisible();
  // In full on its own screen: the e-mail and phone unmasked.
  await expect(page.getByText(`+852 ${phone}`)).toBeVisible();
  await expect(page.getByText(/^desk\..+@example\.hk$/)).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, testInfo, "desk-lead");

  // An admin corrects a name: saved through PATCH /api/lead, and the change is listed with who did it.
  await page.getByRole("textbox", { name: "名", exact: true }).fill("紫晴");
  await page.getByRole("button", { name: "儲存更正" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已儲存更正。" })).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: "A001" }).filter({ hasText: "first_name" }),
  ).toHaveCount(1);
  await expect(page.getByText("歐陽紫晴")).toBeVisible();

  // The customer asks by phone to stop marketing: withdrawn after a second press, channel admin.
  const marketingFact = page
    .locator(".nu-facts div")
    .filter({ has: page.getByText("推廣同意", { exact: true }) });
  await expect(marketingFact.locator("dd")).toHaveText("是");
  await page.getByRole("button", { name: "撤回推廣同意" }).click();
  await page.getByRole("button", { name: "確定撤回" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已撤回推廣同意。" })).toBeVisible();
  await expect(marketingFact.locator("dd")).toHaveText("否");
  const consentRows = page.getByRole("region", { name: "同意記錄" }).getByRole("row");
  await expect(consentRows.filter({ hasText: "推廣同意：撤回" }).filter({ hasText: "管理員" })).toHaveCount(
    1,
  );
  await expect(consentRows.filter({ hasText: "推廣同意：同意" }).filter({ hasText: "登記表格" })).toHaveCount(
    1,
  );
  await snap(page, testInfo, "desk-lead-consents");

  // The person's access export: a CSV with the byte-order mark, the Chinese name as corrected.
  const subjectFile = page.waitForEvent("download");
  await page.getByRole("button", { name: "下載 CSV" }).click();
  const subject = await readFile((await (await subjectFile).path()) as string);
  expect([...subject.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const subjectText = subject.subarray(3).toString("utf8");
  expect(subjectText).toContain(ref);
  expect(subjectText).toContain("歐陽");
  expect(subjectText).toContain("紫晴");
  expect(subjectText).toMatch(new RegExp(`^consent,${ref},[^,]+,channel,admin\\r?$`, "m"));

  // Erasure: a second step says what it does; then the lead keeps its reference and nothing else.
  await page.getByRole("button", { name: "刪除此人的個人資料" }).click();
  await expect(page.getByRole("button", { name: "永久刪除" })).toBeVisible();
  await expectNoA11yViolations(page);
  await snap(page, testInfo, "desk-erase-confirm");
  await page.getByRole("button", { name: "永久刪除" }).click();
  await expect(page.getByText(/此客戶的個人資料已於 .+ 刪除/)).toBeVisible();
  await expect(page.getByText("歐陽紫晴")).toHaveCount(0);
  await expect(page.getByText(`+852 ${phone}`)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "刪除此人的個人資料" })).toHaveCount(0);
  await snap(page, testInfo, "desk-lead-erased");

  // Back holds the place: the search, which no longer finds the erased phone number.
  await page.goBack();
  await expect(page.getByRole("searchbox", { name: "搜尋" })).toHaveValue(phone);
  await expect(page.getByText("沒有符合條件的客戶。")).toBeVisible();
  // By its reference the lead is still listed, as erased, without the person's name.
  await page.getByRole("searchbox", { name: "搜尋" }).fill(ref);
  await page.getByRole("button", { name: "搜尋", exact: true }).click();
  const erasedRow = page.getByRole("row").filter({ hasText: ref });
  await expect(erasedRow).toContainText("已刪除個人資料");
  await expect(erasedRow).not.toContainText("歐陽");
  await snap(page, testInfo, "desk-list-erased");

  // The staff home offers the desk to admins (the bar's link: no new page load).
  await page.getByRole("link", { name: "職員主頁" }).click();
  await expect(page.getByRole("button", { name: /客戶資料台/ })).toBeVisible();
  await page.getByRole("button", { name: /客戶資料台/ }).click();
  await expect(page.getByRole("searchbox", { name: "搜尋" })).toHaveValue("");

  // Webhooks to this worker's receiver: a test event it refuses (400: failed, not tried again),
  // then 重試 once it accepts: the same row turns delivered, the signature verified by the receiver.
  await page.getByRole("link", { name: "Webhook 傳送" }).click();
  webhookReceiver.status = 400;
  await page.getByRole("button", { name: "發送測試事件" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已排隊發送測試事件" })).toBeVisible();
  const testRow = page.getByRole("region", { name: "Webhook 傳送記錄" }).getByRole("row").filter({
    hasText: "webhook.test",
  });
  await expect(testRow).toContainText("失敗");
  await expect(testRow).toContainText("400");
  webhookReceiver.status = 204;
  await testRow.getByRole("button", { name: /^重試 webhook\.test 至 http:\/\/127\.0\.0\.1/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "已安排重試。" })).toBeVisible();
  await expect(testRow).toContainText("已送達");
  await expect(testRow).toHaveCount(1);
  expect(webhookReceiver.received.filter((type) => type === "webhook.test")).toHaveLength(2);
  await expectNoA11yViolations(page);

  if (process.env.SCREENSHOTS) {
    for (const tab of ["登記漏斗", "審計記錄", "Webhook 傳送"]) {
      await page.getByRole("link", { name: tab }).click();
      await expect(page.getByRole("link", { name: tab })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText("載入中…")).toHaveCount(0);
      await snap(page, testInfo, `desk-${tab}`);
    }
  }
});

test("a staff member without the admin role has no tile, is refused at the route and by the API", async ({
  page,
}) => {
  const record = await useStaffSession(page, "S001");
  const answer = await api("GET", "/admin/leads", { token: record.staff_token });
  expect(answer.Code).toBe(403);

  await page.goto("/staff/leads");
  await expect(page.getByRole("alert").filter({ hasText: "只有管理員可以使用客戶資料台" })).toBeVisible();
  await expect(page.getByRole("searchbox")).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByRole("main").getByRole("link", { name: "返回職員主頁" }).click();
  await expect(page.getByRole("button", { name: /核實客戶/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /客戶資料台/ })).toHaveCount(0);
});
