import {
  expectingAtQueenMary,
  GREEN_SHADE_CLINIC,
  hkPerson,
  seedCustomer,
  termsAccepted,
} from "./customer-seed.ts";
import {
  acceptTerms,
  checkA11y,
  fillNamesAndPhone,
  heading,
  hkDay,
  leadAsStaff,
  leadRefOnPage,
  openCalendarAt,
  pickAmoyGardens,
  pickDate,
  sessionStorageText,
  setFlags,
  signIn,
  snap,
  storedFlag,
} from "./nuform-steps.ts";
import { staffToken, uniqueEmail } from "./support/api.ts";
import { expect, type Page, test } from "./support/test.ts";

const toEnGB = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

/** Entry → personInfo → terms → cooperative partner, as far as babyInfo: the golden path's walk. */
async function upToBabyInfo(page: Page, email: string, shots?: (name: string) => Promise<void>) {
  await page.goto("/customer/recruitmentForm");
  // The page's h1 names the form; the step's own title says what to do, not the same words again.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("媽媽會員招募");
  await expect(heading(page, "以電郵登入")).toBeVisible();
  await expect(page.getByText("登記成為媽媽會員，完成後憑二維碼換領會員禮品，全程約 3 分鐘。")).toBeVisible();
  await expect(page.getByRole("heading", { name: "媽媽會員招募", exact: true })).toHaveCount(1);
  await checkA11y(page);
  await shots?.("r01-login");
  await signIn(page, email);

  await expect(page).toHaveURL(/\/customer\/recruitmentForm\/personInfo$/);
  await expect(heading(page, "個人資料（香港）")).toBeFocused();
  await fillNamesAndPhone(page, { lastName: "吳", firstName: "詠詩", phone: "91112222" });
  await pickAmoyGardens(page);
  await checkA11y(page);
  await shots?.("r02-person");
  await page.getByRole("button", { name: "下一步" }).click();

  await expect(page).toHaveURL(/\/customer\/recruitmentForm\/termsAndConditions$/);
  await expect(heading(page, "條款及細則")).toBeVisible();
  await checkA11y(page);
  await shots?.("r03-terms");
  await acceptTerms(page, { submit: "下一步", marketing: true });

  await expect(page).toHaveURL(/\/customer\/recruitmentForm\/cooperativePartner$/);
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByText("請選擇合作夥伴診所")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "合作夥伴診所" })).toBeFocused();
  await page.getByRole("combobox", { name: "合作夥伴診所" }).selectOption({ label: "綠蔭母嬰健康中心" });
  const contact = page.getByRole("checkbox", { name: /合作夥伴診所，讓診所/ });
  await expect(contact).not.toBeChecked();
  await contact.check();
  await checkA11y(page);
  await shots?.("r04-partner");
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page).toHaveURL(/\/customer\/recruitmentForm\/babyInfo$/);
}

/** The answers of personInfo, terms and cooperativePartner, as walking them stores them. */
const BEFORE_BABY_INFO = {
  ...hkPerson({ last_name: "吳", first_name: "詠詩", phone: "91112222" }),
  ...termsAccepted({ marketing: true, partner_contact: true }),
  ...GREEN_SHADE_CLINIC,
};

/** Signed in, the steps before babyInfo answered, and babyInfo open. */
async function atBabyInfo(page: Page, email: string) {
  await seedCustomer(page, "recruitment", email, BEFORE_BABY_INFO);
  await page.goto("/customer/recruitmentForm/babyInfo");
  await expect(page.getByRole("radio", { name: "懷孕中" })).toBeVisible();
}

/** `check`: axe on the review page (the golden path's; the same screen elsewhere is not checked again). */
async function submitReview(page: Page, shots?: (name: string) => Promise<void>, check = false) {
  await expect(page).toHaveURL(/\/customer\/recruitmentForm\/lookingForward$/);
  await expect(heading(page, "確認資料")).toBeVisible();
  await expect(page.getByText("綠蔭母嬰健康中心")).toBeVisible();
  if (check) await checkA11y(page);
  await shots?.("r06-review");
  await page.getByRole("button", { name: "確認並提交" }).click();
  await expect(page).toHaveURL(/\/customer\/recruitmentForm\/memberRedemption$/);
  return leadRefOnPage(page);
}

test.describe("recruitment form end to end", () => {
  test("an expecting mother: due date in range, public hospital", async ({ page }, testInfo) => {
    const shots = (name: string) => snap(page, testInfo, name);
    const email = uniqueEmail("re-expecting");
    await upToBabyInfo(page, email, shots);

    await page.getByRole("button", { name: "下一步" }).click();
    await expect(page.getByRole("radio", { name: "懷孕中" })).toBeFocused();
    // Each missing choice asks for it (請選擇…), as every dropdown and choice does.
    await expect(page.getByText("請選擇寶寶狀況")).toBeVisible();
    await expect(page.getByText("請選擇醫院類別")).toBeVisible();
    await page.getByRole("radio", { name: "懷孕中" }).check();
    const due = hkDay(120);
    await pickDate(page, "預產期", due);
    await expect(page.getByRole("button", { name: /預產期/ })).toContainText(toEnGB(due));
    await page.getByRole("radio", { name: "公立醫院" }).check();
    await page.getByRole("combobox", { name: "分娩醫院" }).selectOption({ label: "伊利沙伯醫院" });
    await checkA11y(page);
    await shots("r05-baby");
    await page.getByRole("button", { name: "下一步" }).click();

    await expect(heading(page, "確認資料")).toBeVisible();
    await expect(page.getByText(toEnGB(due))).toBeVisible();
    await expect(page.getByText("伊利沙伯醫院")).toBeVisible();
    const ref = await submitReview(page, shots, true);
    expect(await storedFlag(page, "isInserted")).toBe("true");
    // Nothing the customer typed stays in the tab once the lead is made.
    expect(await sessionStorageText(page)).not.toContain("伊利沙伯");
    await checkA11y(page);
    await shots("r07-member");

    const lead = await leadAsStaff(ref, await staffToken("A001"));
    expect(lead).toMatchObject({
      flow: "recruitment",
      email,
      residence: "HK",
      clinic_id: "C02",
      consents: {
        terms: true,
        privacy: true,
        marketing: true,
        partner_contact: true,
        documents: [
          { kind: "privacy_policy", version: "sample-2026-01" },
          { kind: "pics", version: "sample-2026-01" },
        ],
      },
      baby: { status: "expecting", date: due, hospital_type: "Public", hospital_id: 3 },
    });

    // Once inserted, only memberRedemption is open.
    await page.goto("/customer/recruitmentForm/babyInfo");
    await expect(page).toHaveURL(/\/customer\/recruitmentForm$/);
  });

  test("a born baby: birth date, private hospital, Others", async ({ page }) => {
    const email = uniqueEmail("re-born");
    await atBabyInfo(page, email);
    await page.getByRole("radio", { name: "寶寶已出生" }).check();
    const born = hkDay(-45);
    await pickDate(page, "寶寶出生日期", born);
    await page.getByRole("radio", { name: "私家醫院" }).check();
    await page.getByRole("combobox", { name: "分娩醫院" }).selectOption({ label: "其他" });
    await page.getByRole("button", { name: "下一步" }).click();
    const ref = await submitReview(page);
    const lead = await leadAsStaff(ref, await staffToken("A001"));
    expect(lead.baby).toEqual({ status: "born", date: born, hospital_type: "Private", hospital_id: 15 });
  });

  test("the calendar refuses days outside each status's range", async ({ page }) => {
    await atBabyInfo(page, uniqueEmail("re-calendar"));
    await page.getByRole("radio", { name: "懷孕中" }).check();
    // Expecting: today … today + 280.
    let dialog = await openCalendarAt(page, "預產期", hkDay(-1));
    await expect(dialog.getByText(`可選日期：${toEnGB(hkDay(0))} 至 ${toEnGB(hkDay(280))}`)).toBeVisible();
    const yesterday = dialog.locator(`button[data-date="${hkDay(-1)}"]`);
    await expect(yesterday).toHaveAttribute("aria-disabled", "true");
    await yesterday.click({ force: true });
    await expect(dialog.getByRole("button", { name: "確定" })).toBeDisabled();
    await dialog.getByRole("button", { name: "取消" }).click();
    dialog = await openCalendarAt(page, "預產期", hkDay(281));
    await expect(dialog.locator(`button[data-date="${hkDay(281)}"]`)).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await dialog.getByRole("button", { name: "取消" }).click();

    // Born: today − 3 years … today; a due date chosen before does not carry over.
    await pickDate(page, "預產期", hkDay(10));
    await page.getByRole("radio", { name: "寶寶已出生" }).check();
    await expect(page.getByRole("button", { name: /寶寶出生日期/ })).toContainText("請選擇日期");
    dialog = await openCalendarAt(page, "寶寶出生日期", hkDay(1));
    await expect(dialog.locator(`button[data-date="${hkDay(1)}"]`)).toHaveAttribute("aria-disabled", "true");
    await expect(dialog.locator(`button[data-date="${hkDay(0)}"]`)).not.toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await dialog.getByRole("button", { name: "取消" }).click();
  });
});

test.describe("recruitment form review page", () => {
  test("in English, each 修改 names its section in plain sentence case", async ({ page }) => {
    await setFlags(page, { isAuthenticatedRe: "true", "nu-forms:lang": "en" });
    await page.goto("/customer/recruitmentForm/lookingForward");
    await expect(heading(page, "Check your details")).toBeVisible();
    for (const name of [
      "Change personal details",
      "Change terms and consent",
      "Change partner clinic",
      "Change baby details",
    ]) {
      await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
    }
  });

  test("修改 opens the step, and its submit returns to the review, also after a reload", async ({ page }) => {
    const email = uniqueEmail("re-edit");
    await seedCustomer(page, "recruitment", email, {
      ...BEFORE_BABY_INFO,
      ...expectingAtQueenMary(hkDay(30)),
    });
    await page.goto("/customer/recruitmentForm/lookingForward");
    await expect(heading(page, "確認資料")).toBeVisible();

    await page.getByRole("button", { name: "修改個人資料" }).click();
    await expect(page).toHaveURL(/\/customer\/recruitmentForm\/personInfo$/);
    const back = page.getByRole("button", { name: "返回確認資料" });
    await expect(back).toBeVisible();
    await expect(page.getByRole("button", { name: "下一步" })).toHaveCount(0);
    // The step's own validation still holds the customer there.
    const firstName = page.getByRole("textbox", { name: "名字" });
    await firstName.fill("");
    await back.click();
    await expect(page).toHaveURL(/personInfo$/);
    await expect(firstName).toHaveAttribute("aria-invalid", "true");
    await firstName.fill("詠琪");
    // A reload in the middle keeps the way back (the marker is in the draft).
    await page.reload();
    await expect(page.getByRole("textbox", { name: "名字" })).toHaveValue("詠琪");
    await page.getByRole("button", { name: "返回確認資料" }).click();
    await expect(page).toHaveURL(/lookingForward$/);
    await expect(page.getByText("詠琪")).toBeVisible();

    // The same for a later section.
    await page.getByRole("button", { name: "修改合作夥伴" }).click();
    await expect(page).toHaveURL(/cooperativePartner$/);
    await page.getByRole("combobox", { name: "合作夥伴診所" }).selectOption({ label: "綠蔭母嬰健康中心" });
    await page.getByRole("button", { name: "返回確認資料" }).click();
    await expect(page).toHaveURL(/lookingForward$/);

    // Reaching the review ended the change: walking back goes step by step again.
    await page.getByRole("button", { name: "上一步" }).click();
    await expect(page).toHaveURL(/babyInfo$/);
    await page.getByRole("button", { name: "上一步" }).click();
    await expect(page).toHaveURL(/cooperativePartner$/);
    await page.getByRole("button", { name: "下一步" }).click();
    await expect(page).toHaveURL(/babyInfo$/);
    await page.getByRole("button", { name: "下一步" }).click();

    const ref = await submitReview(page);
    const lead = await leadAsStaff(ref, await staffToken("A001"));
    expect(lead).toMatchObject({ first_name: "詠琪", clinic_id: "C02" });
  });
});

test.describe("recruitment form keeps what the customer typed", () => {
  test("a reload keeps the baby details, and a failed submit keeps everything for one retry", async ({
    page,
  }) => {
    const email = uniqueEmail("re-retry");
    await atBabyInfo(page, email);
    await page.getByRole("radio", { name: "寶寶已出生" }).check();
    const born = hkDay(-200);
    await pickDate(page, "寶寶出生日期", born);
    await page.getByRole("radio", { name: "公立醫院" }).check();
    await page.getByRole("combobox", { name: "分娩醫院" }).selectOption({ label: "中國內地醫院" });
    await page.reload();
    await expect(page.getByRole("radio", { name: "寶寶已出生" })).toBeChecked();
    await expect(page.getByRole("button", { name: /寶寶出生日期/ })).toContainText(toEnGB(born));
    await expect(page.getByRole("combobox", { name: "分娩醫院" })).toHaveValue("14");
    await page.getByRole("button", { name: "下一步" }).click();

    const keys: string[] = [];
    await page.route("**/api/lead", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      keys.push((await route.request().headerValue("idempotency-key")) ?? "");
      if (keys.length > 1) return route.fallback();
      await route.abort("timedout");
    });
    await page.getByRole("button", { name: "確認並提交" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /網絡|連線/ })).toBeVisible();
    await expect(page).toHaveURL(/lookingForward$/);
    await page.reload();
    await expect(page.getByText(toEnGB(born))).toBeVisible();
    await page.getByRole("button", { name: "確認並提交" }).click();
    const ref = await leadRefOnPage(page);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const lead = await leadAsStaff(ref, await staffToken("A001"));
    expect(lead.baby).toMatchObject({ status: "born", hospital_type: "Public", hospital_id: 14 });
  });
});

test("no partner clinics (a production server before load-catalogue): the step says so, no empty list", async ({
  page,
}) => {
  // The server's real answer, with the list emptied as a server without clinics sends it.
  await page.route("**/api/clinic_list", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, Data: [] } });
  });
  // Signed in, personInfo and the terms answered: the step after them.
  await seedCustomer(page, "recruitment", uniqueEmail("no-clinics"), {
    ...hkPerson({ last_name: "吳", first_name: "詠詩", phone: "91112222" }),
    ...termsAccepted({ marketing: false }),
  });
  await page.goto("/customer/recruitmentForm/cooperativePartner");
  await expect(page).toHaveURL(/\/customer\/recruitmentForm\/cooperativePartner$/);
  await expect(page.getByTestId("no-clinics")).toHaveText("暫時沒有可選擇的合作夥伴診所，請稍後再試。");
  await expect(page.getByRole("combobox", { name: "合作夥伴診所" })).toHaveCount(0);
  // No consent to share details with a clinic that cannot be chosen.
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page).toHaveURL(/\/customer\/recruitmentForm\/cooperativePartner$/);
  await checkA11y(page);
});
