import { hkPerson, seedCustomer } from "./customer-seed.ts";
import {
  acceptTerms,
  checkA11y,
  createRecruitmentLead,
  fillNamesAndPhone,
  heading,
  leadAsStaff,
  leadRefOnPage,
  pickAmoyGardens,
  sessionStorageText,
  signIn,
  snap,
  storedFlag,
  submittedLeads,
  theSubmittedLead,
} from "./nuform-steps.ts";
import { api, outboxCode, staffToken, uniqueEmail } from "./support/api.ts";
import { loseFirstAnswer } from "./support/lostAnswer.ts";
import { expect, type Page, test } from "./support/test.ts";

test.describe("nuForm end to end", () => {
  test("a new Hong Kong customer goes from the entry page to the QR code", async ({ page }, testInfo) => {
    test.slow(); // a whole journey and a second sign-in, on a shared machine
    const email = uniqueEmail("nuform-hk");
    await page.goto("/customer/nuForm");
    await expect(heading(page, "以電郵登入")).toBeVisible();
    // The first screen says what the form gives, how long it takes and what the e-mail is for.
    await expect(
      page.getByText("登記成為會員，完成後憑會員二維碼到門市換領禮品，全程約 3 分鐘。"),
    ).toBeVisible();
    await expect(
      page.getByText("你的電郵只用於發送驗證碼及登記確認；提交登記前會先顯示私隱政策。"),
    ).toBeVisible();
    await checkA11y(page);
    await snap(page, testInfo, "01-login");

    await signIn(page, email);
    await expect(page.getByText(`你已用 ${email} 登入。`)).toBeVisible();
    expect(await storedFlag(page, "isAuthenticated")).toBe("true");
    // The residence question, under a heading that names it: nothing chosen is refused on the field.
    await expect(heading(page, "你的居住地")).toBeVisible();
    await page.getByRole("button", { name: "下一步" }).click();
    await expect(page.getByText("請選擇居住地")).toBeVisible();
    await checkA11y(page);
    await snap(page, testInfo, "02-residence");
    await page.getByRole("radio", { name: "香港" }).check();
    await page.getByRole("button", { name: "下一步" }).click();

    await expect(page).toHaveURL(/\/customer\/nuForm\/personInfoHK$/);
    await expect(heading(page, "個人資料（香港）")).toBeFocused();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    // An empty submit marks the fields and moves focus to the first of them.
    await page.getByRole("button", { name: "下一步" }).click();
    await expect(page.getByRole("textbox", { name: "姓氏" })).toBeFocused();
    await expect(page.getByRole("textbox", { name: "姓氏" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("combobox", { name: "大廈／屋苑名稱" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await fillNamesAndPhone(page, { lastName: "陳", firstName: "大文", phone: "9123 456" });
    await page.getByRole("button", { name: "下一步" }).click();
    await expect(page.getByText("+852 電話號碼須為 8 位數字")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "電話號碼" })).toBeFocused();
    await page.getByRole("textbox", { name: "電話號碼" }).fill("9123 4567");
    await pickAmoyGardens(page);
    await page.getByRole("textbox", { name: "樓層" }).fill("10");
    await page.getByRole("textbox", { name: "室" }).fill("A");
    await checkA11y(page);
    await snap(page, testInfo, "03-person-hk");
    await page.getByRole("button", { name: "下一步" }).click();

    await expect(page).toHaveURL(/\/customer\/nuForm\/TnCNew$/);
    await expect(heading(page, "條款及細則（新會員）")).toBeVisible();
    await page.getByRole("button", { name: "同意並提交" }).click();
    await expect(page.getByText("請剔選以繼續").first()).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /條款及細則/ })).toBeFocused();
    await checkA11y(page);
    await snap(page, testInfo, "04-terms-new");
    await acceptTerms(page);

    await expect(page).toHaveURL(/\/customer\/nuForm\/product$/);
    await expect(heading(page, "選擇營養產品")).toBeVisible();
    expect(await storedFlag(page, "isInserted")).toBe("true");
    // Nothing the customer typed stays in the tab once the lead is made.
    expect(await sessionStorageText(page)).not.toMatch(/大文|9123 ?4567/);
    await expect(page.getByRole("radio").first()).toBeVisible();
    // The choice is named once: a radiogroup, not a group of the same name around it.
    await expect(page.getByRole("radiogroup", { name: "營養產品" })).toHaveCount(1);
    await expect(page.getByRole("group", { name: "營養產品" })).toHaveCount(0);
    await checkA11y(page);
    await snap(page, testInfo, "05-product");
    await page.getByRole("radio").first().check();
    const productId = await page.getByRole("radio").first().getAttribute("value");
    await page.getByRole("button", { name: "確認選擇" }).click();

    await expect(page).toHaveURL(/\/customer\/nuForm\/memberRedemption$/);
    const ref = await leadRefOnPage(page);
    await expect(page.getByText("未兌換").first()).toBeVisible();
    expect(await storedFlag(page, "IsSelectedNUProduct")).toBe("true");
    await checkA11y(page);
    await snap(page, testInfo, "06-member");

    const lead = await leadAsStaff(ref, await staffToken("A001"));
    expect(lead).toMatchObject({
      id: ref,
      flow: "nuform",
      email,
      last_name: "陳",
      first_name: "大文",
      phone_code: "852",
      phone: "91234567",
      residence: "HK",
      tnc: "new",
      product_id: productId,
      consents: { terms: true, privacy: true, marketing: false },
    });
    expect(lead.address).toMatchObject({ region: "KLN", district: "KT", floor: "10", room: "A" });
    expect(lead.address_en?.district).toBeTruthy();

    // Signing in again with the same e-mail goes straight back to the member page.
    await page.goto("/customer/nuForm");
    await page.getByRole("button", { name: "改用其他電郵地址" }).click();
    await signIn(page, email);
    await expect(page).toHaveURL(/\/customer\/nuForm\/memberRedemption$/);
    expect(await leadRefOnPage(page)).toBe(ref);
    // A returning member is shown what the page is, not thanked for registering again.
    await expect(heading(page, "你的會員二維碼")).toBeVisible();
    await expect(page.getByText("你已完成登記。換領時，請向職員出示以下二維碼。")).toBeVisible();
    await expect(page.getByText(/登記成功|多謝你的登記|確認電郵已發送/)).toHaveCount(0);
    await checkA11y(page);
    await snap(page, testInfo, "07-member-returning");
  });

  test("a mainland customer fills in the mainland address", async ({ page }, testInfo) => {
    const email = uniqueEmail("nuform-cn");
    // Signed in, 中國內地 chosen on the entry page.
    await seedCustomer(page, "nuform", email, { residence: "CN" });
    await page.goto("/customer/nuForm/personInfoCN");

    await expect(page).toHaveURL(/\/customer\/nuForm\/personInfoCN$/);
    await expect(heading(page, "個人資料（中國內地）")).toBeVisible();
    await fillNamesAndPhone(page, {
      lastName: "李",
      firstName: "小紅",
      phone: "23800138000",
      phoneCode: "86",
    });
    await page.getByRole("button", { name: "下一步" }).click();
    await expect(page.getByText("+86 電話號碼須以 1 開頭，共 11 位數字")).toBeVisible();
    await page.getByRole("textbox", { name: "電話號碼" }).fill("13800138000");
    await page.getByRole("textbox", { name: "省／自治區／直轄市" }).fill("廣東省");
    await page.getByRole("textbox", { name: "城市" }).fill("深圳市");
    await page.getByRole("textbox", { name: "區／縣" }).fill("南山區");
    await page.getByRole("textbox", { name: "詳細地址" }).fill("科技園南區科苑路 15 號 3 棟 1201 室");
    await checkA11y(page);
    await snap(page, testInfo, "person-cn");
    await page.getByRole("button", { name: "下一步" }).click();

    await expect(page).toHaveURL(/\/customer\/nuForm\/TnCNew$/);
    await acceptTerms(page, { marketing: true });
    await expect(page).toHaveURL(/\/customer\/nuForm\/product$/);
    await page.getByRole("radio").first().check();
    await page.getByRole("button", { name: "確認選擇" }).click();
    const ref = await leadRefOnPage(page);

    const lead = await leadAsStaff(ref, await staffToken("A001"));
    expect(lead).toMatchObject({
      residence: "CN",
      phone_code: "86",
      phone: "13800138000",
      consents: { terms: true, privacy: true, marketing: true },
      address_cn: { province: "廣東省", city: "深圳市", district: "南山區" },
    });
  });

  test("an existing customer (a recruitment lead) gets TnCExisting with the details filled in", async ({
    page,
  }) => {
    const email = uniqueEmail("nuform-existing");
    const recruitment = await createRecruitmentLead(email, {
      last_name: "黃",
      phone_code: "853",
      phone: "62345678",
    });

    const submitted = await submittedLeads(page);
    await page.goto("/customer/nuForm");
    await signIn(page, email);
    await page.getByRole("radio", { name: "香港" }).check();
    await page.getByRole("button", { name: "下一步" }).click();
    await expect(page.getByRole("textbox", { name: "姓氏" })).toHaveValue("黃");
    await expect(page.getByRole("textbox", { name: "名字" })).toHaveValue("美玲");
    await expect(page.getByRole("combobox", { name: "國家或地區編號" })).toHaveValue("853");
    await pickAmoyGardens(page);
    await page.getByRole("button", { name: "下一步" }).click();

    await expect(page).toHaveURL(/\/customer\/nuForm\/TnCExisting$/);
    await expect(heading(page, "條款及細則（現有會員）")).toBeVisible();
    await checkA11y(page);
    await acceptTerms(page);
    await expect(page).toHaveURL(/\/customer\/nuForm\/product$/);
    const nuformLeadId = await theSubmittedLead(submitted);
    expect(nuformLeadId).not.toBe(recruitment.id);
    const lead = await leadAsStaff(nuformLeadId, await staffToken("A001"));
    expect(lead).toMatchObject({ flow: "nuform", tnc: "existing", email });
  });

  test("a partnership entry gets TnCPartnership and the partner is stored", async ({ page }, testInfo) => {
    const email = uniqueEmail("nuform-partner");
    const submitted = await submittedLeads(page);
    // Signed in, with the personal details given; the partner comes with the entry page's link.
    await seedCustomer(
      page,
      "nuform",
      email,
      hkPerson({ last_name: "張", first_name: "志明", phone: "61234567" }),
    );
    await page.goto("/customer/nuForm?partner=C02");
    await page.getByRole("radio", { name: "香港" }).check();
    await page.getByRole("button", { name: "下一步" }).click();
    await expect(page).toHaveURL(/\/customer\/nuForm\/personInfoHK$/);
    await expect(page.getByRole("textbox", { name: "姓氏" })).toHaveValue("張");
    await page.getByRole("button", { name: "下一步" }).click();

    await expect(page).toHaveURL(/\/customer\/nuForm\/TnCPartnership$/);
    await expect(heading(page, "條款及細則（合作夥伴）")).toBeVisible();
    // The clinic's name, never its code.
    await expect(page.getByText("你經由合作夥伴（綠蔭母嬰健康中心）登記")).toBeVisible();
    await expect(page.getByText("C02")).toHaveCount(0);
    await checkA11y(page);
    await snap(page, testInfo, "terms-partnership");
    await acceptTerms(page);
    await expect(page).toHaveURL(/\/customer\/nuForm\/product$/);
    const leadId = await theSubmittedLead(submitted);
    const lead = await leadAsStaff(leadId, await staffToken("A001"));
    expect(lead).toMatchObject({ tnc: "partnership", partner: "C02" });
  });

  test("a wrong code is refused in Chinese and the e-mail stays", async ({ page }) => {
    const email = uniqueEmail("nuform-wrong");
    await page.goto("/customer/nuForm");
    await page.getByRole("combobox", { name: "電郵地址" }).fill(email);
    await page.getByRole("button", { name: "發送電郵" }).click();
    await expect(page.getByText(`驗證碼已發送至 ${email}`)).toBeVisible();
    const code = page.getByRole("textbox", { name: "驗證碼" });
    await code.fill("12345");
    await page.getByRole("button", { name: "驗證" }).click();
    await expect(page.getByText("請輸入 6 位數字驗證碼")).toBeVisible();
    await code.fill("000000");
    await code.press("Enter");
    await expect(code).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/驗證碼不正確/)).toBeVisible();
    await expect(page.getByRole("combobox", { name: "電郵地址" })).toHaveValue(email);
    expect(await storedFlag(page, "isAuthenticated")).toBeNull();
  });

  test("signed in without a known e-mail, the entry page says so without a blank", async ({ page }) => {
    const email = uniqueEmail("nuform-no-email");
    await seedCustomer(page, "nuform", email);
    await page.goto("/customer/nuForm");
    await expect(page.getByText(`你已用 ${email} 登入。`)).toBeVisible();
    // As when a host page sets the flags itself: the flow never saw the e-mail.
    await page.evaluate(() => localStorage.removeItem("nu-flow:nuform:email"));
    await page.reload();
    await expect(page.getByText("你已登入。", { exact: true })).toBeVisible();
    await expect(page.getByText(/你已用/)).toHaveCount(0);
  });
});

test.describe("nuForm sign-in on a bad connection", () => {
  test("the verify answer lost: 驗證 again with the same code signs in, not 驗證碼不正確", async ({
    page,
  }) => {
    const email = uniqueEmail("nuform-lost-verify");
    await page.goto("/customer/nuForm");
    await page.getByRole("combobox", { name: "電郵地址" }).fill(email);
    await page.getByRole("button", { name: "發送電郵" }).click();
    await expect(page.getByText(`驗證碼已發送至 ${email}`)).toBeVisible();
    const { keys } = await loseFirstAnswer(page, "**/api/auth/email/verify");
    await page.getByRole("textbox", { name: "驗證碼" }).fill(await outboxCode({ email }));
    await page.getByRole("button", { name: "驗證" }).click();
    await expect(page.getByText("未能連接網絡", { exact: false })).toBeVisible();
    expect(await storedFlag(page, "isAuthenticated")).not.toBe("true");

    await page.getByRole("button", { name: "驗證" }).click();
    await expect(page.getByText(`你已用 ${email} 登入。`)).toBeVisible();
    await expect(page.getByText("驗證碼不正確")).toHaveCount(0);
    expect(await storedFlag(page, "isAuthenticated")).toBe("true");
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  test("the send answer lost and 發送電郵 pressed again: the notice says to use the newest e-mail's code", async ({
    page,
  }) => {
    const email = uniqueEmail("nuform-lost-send");
    await page.goto("/customer/nuForm");
    await loseFirstAnswer(page, "**/api/auth/email/code");
    await page.getByRole("combobox", { name: "電郵地址" }).fill(email);
    await page.getByRole("button", { name: "發送電郵" }).click();
    await expect(page.getByText("未能連接網絡", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "發送電郵" }).click();
    await expect(
      page.getByText(`新驗證碼已發送至 ${email}，請使用最新一封電郵內的驗證碼，較早的已經失效。`),
    ).toBeVisible();
    // Two e-mails went out; the newest one's code signs in.
    await page.getByRole("textbox", { name: "驗證碼" }).fill(await outboxCode({ email }));
    await page.getByRole("button", { name: "驗證" }).click();
    await expect(page.getByText(`你已用 ${email} 登入。`)).toBeVisible();
  });

  test("one code sent once: the notice is the usual one", async ({ page }) => {
    const email = uniqueEmail("nuform-one-send");
    await page.goto("/customer/nuForm");
    await page.getByRole("combobox", { name: "電郵地址" }).fill(email);
    await page.getByRole("button", { name: "發送電郵" }).click();
    await expect(page.getByText(`驗證碼已發送至 ${email}，請查看你的電郵（包括垃圾郵件）。`)).toBeVisible();
    await expect(page.getByText("最新一封")).toHaveCount(0);
  });
});

/** Signed in as a new Hong Kong customer with the personal details given: TnCNew open. */
async function atNewMemberTerms(page: Page, email: string): Promise<void> {
  await seedCustomer(
    page,
    "nuform",
    email,
    hkPerson({ last_name: "周", first_name: "子健", phone: "98765432" }),
  );
  await page.goto("/customer/nuForm/TnCNew");
  await expect(heading(page, "條款及細則（新會員）")).toBeVisible();
}

test.describe("nuForm keeps what the customer typed", () => {
  test("a reload mid-form keeps the input", async ({ page }) => {
    const email = uniqueEmail("nuform-reload");
    await page.goto("/customer/nuForm");
    await page.getByRole("combobox", { name: "電郵地址" }).fill(email);
    await page.getByRole("button", { name: "發送電郵" }).click();
    await expect(page.getByText(`驗證碼已發送至 ${email}`)).toBeVisible();
    await page.reload();
    // The address and the code stage survive; the code from that e-mail still works.
    await expect(page.getByRole("combobox", { name: "電郵地址" })).toHaveValue(email);
    await expect(page.getByRole("textbox", { name: "驗證碼" })).toBeVisible();
    await signIn(page, email);
    await page.getByRole("radio", { name: "香港" }).check();
    await page.getByRole("button", { name: "下一步" }).click();
    await fillNamesAndPhone(page, { lastName: "何", firstName: "嘉欣", phone: "52345678" });
    await pickAmoyGardens(page);
    await page.getByRole("textbox", { name: "樓層" }).fill("3");

    await page.reload();
    await expect(page.getByRole("textbox", { name: "姓氏" })).toHaveValue("何");
    await expect(page.getByRole("textbox", { name: "名字" })).toHaveValue("嘉欣");
    await expect(page.getByRole("textbox", { name: "電話號碼" })).toHaveValue("52345678");
    await expect(page.getByRole("combobox", { name: "地區", exact: true })).toHaveValue("KT");
    await expect(page.getByRole("textbox", { name: "樓層" })).toHaveValue("3");
    await page.getByRole("button", { name: "下一步" }).click();
    await page.getByRole("checkbox", { name: /條款及細則/ }).check();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: /條款及細則/ })).toBeChecked();
  });

  test("a server error on submit keeps the input, and the retry makes one lead", async ({ page }) => {
    const email = uniqueEmail("nuform-retry");
    const submitted = await submittedLeads(page);
    await atNewMemberTerms(page, email);

    // The first submit reaches the server (the lead is made) but its answer is lost as a 500.
    const keys: string[] = [];
    let failed = false;
    await page.route("**/api/lead", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.fallback();
      keys.push((await request.headerValue("idempotency-key")) ?? "");
      if (failed) return route.fallback();
      failed = true;
      await route.fetch();
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({
          Code: 500,
          Message: "系統出現問題，請稍後再試。",
          Data: [],
          Error: "INTERNAL",
        }),
      });
    });
    await acceptTerms(page, { marketing: true });
    await expect(page.getByRole("alert").filter({ hasText: "系統出現問題" })).toBeVisible();
    await expect(page).toHaveURL(/TnCNew$/);
    await expect(page.getByRole("checkbox", { name: /條款及細則/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /直接促銷/ })).toBeChecked();
    expect(await storedFlag(page, "isInserted")).toBeNull();

    await page.getByRole("button", { name: "同意並提交" }).click();
    await expect(page).toHaveURL(/\/customer\/nuForm\/product$/);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);

    // One lead: creating another for this e-mail and flow answers with the very same lead.
    const leadId = await theSubmittedLead(submitted);
    const token = (await storedFlag(page, "CUSTOMER_TOKEN")) ?? "";
    const again = await api<{ id: string }>("POST", "/lead", {
      token,
      headers: { "Idempotency-Key": "another-key" },
      body: {
        flow: "nuform",
        email,
        last_name: "周",
        first_name: "子健",
        phone_code: "852",
        phone: "98765432",
        consents: { terms: true, privacy: true, marketing: false },
      },
    });
    expect(again.Error).toBe("LEAD_EXISTS");
    expect(again.Data[0].id).toBe(leadId);
    const lead = await leadAsStaff(leadId, await staffToken("A001"));
    expect(lead.consents.marketing).toBe(true);
  });

  test("a lost answer, then answers changed before the retry: the flow goes on and the lead takes the new answers", async ({
    page,
  }) => {
    const email = uniqueEmail("nuform-lost-changed");
    const submitted = await submittedLeads(page);
    await atNewMemberTerms(page, email);

    // The first submit makes the lead, but its answer never arrives.
    await loseFirstAnswer(page, "**/api/lead", "POST");
    await acceptTerms(page);
    await expect(page.getByRole("alert").filter({ hasText: "網絡" })).toBeVisible();
    await expect(page).toHaveURL(/TnCNew$/);

    // The customer corrects the phone number and gives the marketing consent, then submits again.
    await page.getByRole("button", { name: "上一步" }).click();
    await expect(page).toHaveURL(/personInfoHK$/);
    await page.getByRole("textbox", { name: "電話號碼" }).fill("61234567");
    await page.getByRole("button", { name: "下一步" }).click();
    await expect(page).toHaveURL(/TnCNew$/);
    await page.getByRole("checkbox", { name: /條款及細則/ }).check();
    await page.getByRole("checkbox", { name: /私隱政策/ }).check();
    await page.getByRole("checkbox", { name: /直接促銷/ }).check();
    await page.getByRole("button", { name: "同意並提交" }).click();
    await expect(page).toHaveURL(/\/customer\/nuForm\/product$/);
    await expect(page.getByText("此申請正在處理中")).toHaveCount(0);

    const leadId = await theSubmittedLead(submitted);
    const lead = await leadAsStaff(leadId, await staffToken("A001"));
    expect(lead.phone).toBe("61234567");
    expect(lead.consents.marketing).toBe(true);
    expect(lead.last_name).toBe("周");
  });
});
