import { seedCustomer, signedInState, storeNow } from "./customer-seed.ts";
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

test("on /demo/ Back shows the previous step and Forward returns, in the page's own history", async ({
  page,
}) => {
  await seedCustomer(page, "nuform", uniqueEmail("nuform-history"));
  // The page's router keeps its own state in history.state from its start: it must stay there.
  await page.addInitScript(() => {
    if (location.pathname === "/demo/" && history.state === null)
      history.replaceState({ router: "kept" }, "");
  });
  const length = () => page.evaluate(() => history.length);
  const residence = page.getByRole("radio", { name: "香港" });
  await page.goto("/demo/privacy.html");
  await page.goto("/demo/");
  await residence.check();
  const before = await length();
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(heading(page, "個人資料（香港）")).toBeFocused();
  expect(await length()).toBe(before + 1);
  expect(await page.evaluate(() => history.state)).toEqual({
    router: "kept",
    "nu-forms": { nuform: { step: "personInfoHK", back: "login" } },
  });
  // 上一步 goes back in history, as on the host pages: the step left is ahead, Forward returns it.
  await page.getByRole("button", { name: "上一步" }).click();
  await expect(residence).toBeVisible();
  expect(await length()).toBe(before + 1);
  await page.goForward();
  await expect(heading(page, "個人資料（香港）")).toBeVisible();

  await page.goBack();
  await expect(residence).toBeVisible();
  await expect(heading(page, "個人資料（香港）")).toHaveCount(0);
  await expect(page).toHaveURL(/\/demo\/$/);
  await page.goForward();
  await expect(heading(page, "個人資料（香港）")).toBeVisible();
  await checkA11y(page);
  // Back past the form's first step leaves for the page before, as it would without the form.
  await page.goBack();
  await expect(residence).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/demo\/privacy\.html$/);

  // history="none": the steps stay out of the page's history.
  await page.goto("/demo/");
  await page.locator("nu-form").evaluate((form) => form.setAttribute("history", "none"));
  await residence.check();
  const unchanged = await length();
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(heading(page, "個人資料（香港）")).toBeVisible();
  expect(await length()).toBe(unchanged);
  await page.goBack();
  await expect(page).toHaveURL(/\/demo\/privacy\.html$/);
});
