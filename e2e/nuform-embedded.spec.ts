import { signedInState, storeNow } from "./customer-seed.ts";
import {
  acceptTerms,
  checkA11y,
  fillNamesAndPhone,
  heading,
  leadAsStaff,
  leadRefOnPage,
  pickAmoyGardens,
  snap,
} from "./nuform-steps.ts";
import { outboxConfirmations, staffToken, uniqueEmail } from "./support/api.ts";
import { expect, test } from "./support/test.ts";

/** `<nu-form>` on the brand page /demo/: no host router, the element moves through its own steps. */
test("the full enrolment passes with <nu-form> embedded on /demo/", async ({ page }, testInfo) => {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { nuEvents: unknown[] }).nuEvents = seen;
    for (const name of ["nu-step", "nu-submit"]) {
      document.addEventListener(name, (event) => seen.push({ name, detail: (event as CustomEvent).detail }));
    }
  });
  const events = () => page.evaluate(() => (window as unknown as { nuEvents: unknown[] }).nuEvents);
  const email = uniqueEmail("nuform-demo");

  await page.goto("/demo/");
  await expect(heading(page, "以電郵登入")).toBeVisible();
  await checkA11y(page);
  await snap(page, testInfo, "demo-01-login");
  // Signed in (the sign-in on the brand page: customer-experience.spec.ts): the residence question.
  await storeNow(page, await signedInState("nuform", email));
  await page.reload();
  await page.getByRole("radio", { name: "香港" }).check();
  await page.getByRole("button", { name: "下一步" }).click();

  await expect(heading(page, "個人資料（香港）")).toBeFocused();
  expect(await events()).toContainEqual({ name: "nu-step", detail: { step: "personInfoHK" } });
  await fillNamesAndPhone(page, { lastName: "林", firstName: "家豪", phone: "67654321" });
  // The element keeps its step and the draft across a reload of the brand page.
  await page.reload();
  await expect(heading(page, "個人資料（香港）")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "姓氏" })).toHaveValue("林");
  await pickAmoyGardens(page);
  await checkA11y(page);
  await snap(page, testInfo, "demo-02-person");
  await page.getByRole("button", { name: "下一步" }).click();

  await expect(heading(page, "條款及細則（新會員）")).toBeVisible();
  await acceptTerms(page);
  await expect(heading(page, "選擇營養產品")).toBeVisible();
  const submitted = (await events()).find((e) => (e as { name: string }).name === "nu-submit") as {
    detail: { leadId: string };
  };
  expect(submitted.detail.leadId).toMatch(/^NU/);
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "確認選擇" }).click();

  const ref = await leadRefOnPage(page);
  expect(ref).toBe(submitted.detail.leadId);
  await checkA11y(page);
  await snap(page, testInfo, "demo-03-member");
  await expect(page).toHaveURL(/\/demo\/$/);
  expect(await events()).toContainEqual({ name: "nu-step", detail: { step: "memberRedemption" } });
  const lead = await leadAsStaff(ref, await staffToken("A001"));
  expect(lead).toMatchObject({ flow: "nuform", email, residence: "HK" });
  // The confirmation mail links back to the brand page the customer enrolled on.
  const [mail] = await outboxConfirmations(email);
  expect(mail.split("\n")).toContain(`${new URL(page.url()).origin}/demo/`);
});

test("embedded <nu-form> enforces the same sign-in rules", async ({ page }) => {
  // A self-driven element left on product (its remembered step; no public way there without a
  // sign-in) goes back to its entry, and says so with `nu-step`.
  await page.addInitScript(() => {
    const steps: unknown[] = [];
    (window as unknown as { steps: unknown[] }).steps = steps;
    document.addEventListener("nu-step", (event) => steps.push((event as CustomEvent).detail));
    if (sessionStorage.getItem("e2e-set")) return;
    sessionStorage.setItem("e2e-set", "1");
    localStorage.setItem("nu-flow:nuform:step", "product");
  });
  await page.goto("/demo/");
  await expect(heading(page, "以電郵登入")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { steps: unknown[] }).steps)).toEqual([
    { step: "login" },
  ]);
  await expect(heading(page, "選擇營養產品")).toHaveCount(0);
});
