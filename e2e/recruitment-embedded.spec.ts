import {
  acceptTerms,
  checkA11y,
  fillNamesAndPhone,
  heading,
  hkDay,
  leadAsStaff,
  leadRefOnPage,
  pickAmoyGardens,
  pickDate,
  signIn,
} from "./nuform-steps.ts";
import { staffToken, uniqueEmail } from "./support/api.ts";
import { expect, test } from "./support/test.ts";

/**
 * `<nu-recruitment-form>` dropped into the brand page in place of its `<nu-form>` (no host
 * router): it moves through its own steps, and its hand-over asks the page for nuForm's product
 * step with `nu-step` {step: "nuform:product", path} — the element never navigates the page.
 */
test("<nu-recruitment-form> works embedded with no host router", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { nuEvents: unknown[] }).nuEvents = seen;
    document.addEventListener("nu-step", (event) => seen.push((event as CustomEvent).detail));
  });
  const email = uniqueEmail("re-demo");
  await page.goto("/demo/");
  await expect(heading(page, "登記成為 nu 會員")).toBeVisible();
  await page.evaluate(() => {
    document.querySelector("nu-form")?.replaceWith(document.createElement("nu-recruitment-form"));
  });
  await expect(heading(page, "登記成為媽媽會員")).toBeVisible();
  await signIn(page, email);

  await expect(heading(page, "個人資料（香港）")).toBeVisible();
  await fillNamesAndPhone(page, { lastName: "梁", firstName: "曉晴", phone: "69998888" });
  await pickAmoyGardens(page);
  await page.getByRole("button", { name: "下一步" }).click();
  await acceptTerms(page, { submit: "下一步" });
  await page.getByRole("combobox", { name: "合作夥伴診所" }).selectOption({ label: "其他診所" });
  await page.getByRole("button", { name: "下一步" }).click();
  await page.getByRole("radio", { name: "懷孕中" }).check();
  await pickDate(page, "預產期", hkDay(200));
  await page.getByRole("radio", { name: "私家醫院" }).check();
  await page.getByRole("combobox", { name: "分娩醫院" }).selectOption({ label: "養和醫院" });
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(heading(page, "確認資料")).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "確認並提交" }).click();
  const ref = await leadRefOnPage(page);
  await expect(page).toHaveURL(/\/demo\/$/);

  const steps = await page.evaluate(() => (window as unknown as { nuEvents: { step: string }[] }).nuEvents);
  expect(steps.map((s) => s.step)).toEqual([
    "personInfo",
    "termsAndConditions",
    "cooperativePartner",
    "babyInfo",
    "lookingForward",
    "memberRedemption",
  ]);

  await page.getByRole("button", { name: "選擇營養產品" }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { nuEvents: unknown[] }).nuEvents.at(-1)))
    .toEqual({ step: "nuform:product", path: "/customer/nuForm/product" });
  // The element only asked: the brand page is still where it was, until the page answers.
  await expect(page).toHaveURL(/\/demo\/$/);
  await expect(page.getByRole("button", { name: "選擇營養產品" })).toBeVisible();
  // The page answers the hand-over by showing a self-driven <nu-form>: it opens on product.
  await page.evaluate(() => {
    document.querySelector("nu-recruitment-form")?.replaceWith(document.createElement("nu-form"));
  });
  await expect(heading(page, "選擇營養產品")).toBeVisible();
  await page.getByRole("radio", { name: /幼兒成長奶粉/ }).check();
  await page.getByRole("button", { name: "確認選擇" }).click();
  expect(await leadRefOnPage(page)).toBe(ref);
  const lead = await leadAsStaff(ref, await staffToken("A001"));
  expect(lead).toMatchObject({ flow: "recruitment", product_id: "P04", clinic_id: "C06" });
});
