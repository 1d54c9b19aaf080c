import { expectingAtQueenMary, hkPerson, seedCustomer, termsAccepted } from "./customer-seed.ts";
import { checkA11y, heading, hkDay, leadAsStaff, leadRefOnPage } from "./nuform-steps.ts";
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
  // Signed in to the recruitment form, with the answers of every step kept from before (the steps'
  // own fields are tested on the host pages): the element walks its steps with 繼續 and 下一步,
  // apart from the clinic. nuForm's <nu-form> on the page is not signed in.
  const { baby, labels } = expectingAtQueenMary(hkDay(200));
  await seedCustomer(page, "recruitment", email, {
    ...hkPerson({ last_name: "梁", first_name: "曉晴", phone: "69998888" }),
    ...termsAccepted(),
    baby,
    labels: { hospital: labels?.hospital },
  });
  await page.goto("/demo/");
  await expect(heading(page, "以電郵登入")).toBeVisible();
  await page.evaluate(() => {
    document.querySelector("nu-form")?.replaceWith(document.createElement("nu-recruitment-form"));
  });
  await expect(heading(page, "歡迎回來")).toBeVisible();
  await page.getByRole("button", { name: "繼續" }).click();

  await expect(heading(page, "個人資料（香港）")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "姓氏" })).toHaveValue("梁");
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByRole("checkbox", { name: /條款及細則/ })).toBeChecked();
  await page.getByRole("button", { name: "下一步" }).click();
  await page.getByRole("combobox", { name: "合作夥伴診所" }).selectOption({ label: "其他診所" });
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByRole("radio", { name: "懷孕中" })).toBeChecked();
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
