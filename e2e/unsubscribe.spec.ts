/**
 * The opt-out link of a confirmation mail (docs/privacy.md): at phone width, in the language the
 * customer registered in, one press withdraws marketing consent; the page has no script and
 * passes axe; the admin's view of the person (the API, and the lead desk at 820 px) then shows the
 * withdrawal with its channel.
 */
import { useStaffSession } from "./staff-steps.ts";
import { api, customerToken, leadBody, staffToken, uniqueEmail } from "./support/api.ts";
import { expectNoA11yViolations } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ["zh-HK", "en"] as const) {
  test(`the confirmation's opt-out link withdraws marketing with one press (${lang}, 390 px)`, async ({
    page,
  }) => {
    const email = uniqueEmail(`optout-${lang}`);
    const token = await customerToken(email, "nuform");
    const created = await api<{ id: string }>("POST", "/lead", {
      token,
      body: leadBody(email, { consents: { terms: true, privacy: true, marketing: true, lang } }),
    });
    expect(created.Code).toBe(200);
    const mail = await api<{ text: string; unsubscribe_url: string }>(
      "GET",
      `/dev/outbox?email=${encodeURIComponent(email)}&kind=confirmation`,
    );
    const link = mail.Data[0].unsubscribe_url;
    expect(mail.Data[0].text).toContain(link);

    await page.goto(link);
    const button = page.getByRole("button", { name: lang === "en" ? "Stop direct marketing" : "取消接收" });
    await expect(button).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", lang === "en" ? "en" : "zh-Hant-HK");
    await expectNoA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`unsubscribe-${lang}-390.png`), fullPage: true });

    await button.click();
    await expect(page.getByRole("status")).toContainText(lang === "en" ? "Done" : "已完成");
    await expect(page.getByRole("button")).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`unsubscribe-done-${lang}-390.png`),
      fullPage: true,
    });

    const subject = await api<{ consents: { channel: string; given: boolean }[] }>(
      "GET",
      `/admin/subjects?email=${encodeURIComponent(email)}`,
      { token: await staffToken("A001") },
    );
    expect(subject.Data[0].consents.map((c) => [c.channel, c.given])).toEqual([
      ["form", true],
      ["unsubscribe", false],
    ]);

    // The lead desk, admin A001 signed in: marketing 否, the withdrawal through the unsubscribe link.
    await page.setViewportSize({ width: 820, height: 1180 });
    await useStaffSession(page, "A001");
    await page.goto(`/staff/leads?id=${created.Data[0].id}`);
    const marketingFact = page
      .locator(".nu-facts div")
      .filter({ has: page.getByText("推廣同意", { exact: true }) });
    await expect(marketingFact.locator("dd")).toHaveText("否");
    const consentRows = page.getByRole("region", { name: "同意記錄" }).getByRole("row");
    await expect(
      consentRows.filter({ hasText: "推廣同意：撤回" }).filter({ hasText: "取消訂閱連結" }),
    ).toHaveCount(1);
    await expect(
      consentRows.filter({ hasText: "推廣同意：同意" }).filter({ hasText: "登記表格" }),
    ).toHaveCount(1);
  });
}
