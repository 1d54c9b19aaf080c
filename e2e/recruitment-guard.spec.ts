import { setFlags, visitWithFlags } from "./nuform-steps.ts";
import { expect, test } from "./support/test.ts";

/** The recruitment form guard (docs/rules.md#recruitment-form) by visiting the URLs with the stored flags set. */
const ENTRY = /\/customer\/recruitmentForm$/;
const T = "true";

const STEP_HEADINGS: Record<string, RegExp> = {
  personInfo: /個人資料（香港）/,
  termsAndConditions: /^條款及細則$/,
  cooperativePartner: /^合作夥伴$/,
  babyInfo: /寶寶資料/,
  lookingForward: /確認資料/,
  memberRedemption: /會員兌換/,
};

test.describe("recruitment form guard (docs/rules.md#recruitment-form)", () => {
  // The whole table, row by row, is lib/core/guards.test.ts; here the host's wiring: every step's
  // route is guarded (open when signed in), one redirect of each kind.
  test("every step, visited by URL in one page: signed in it opens; nuForm's sign-in and a lead send back", async ({
    page,
  }) => {
    await page.goto("/customer/recruitmentForm");
    for (const step of Object.keys(STEP_HEADINGS)) {
      await test.step(`${step} with isAuthenticatedRe is open`, async () => {
        await visitWithFlags(page, { isAuthenticatedRe: T }, `/customer/recruitmentForm/${step}`);
        await expect(page.getByRole("heading", { name: STEP_HEADINGS[step] })).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`/customer/recruitmentForm/${step}$`));
      });
    }
    await test.step("nuForm's sign-in does not count for the recruitment form", async () => {
      await visitWithFlags(page, { isAuthenticated: T }, "/customer/recruitmentForm/babyInfo");
      await expect(page).toHaveURL(ENTRY);
      await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
    });
    await test.step("a step is closed once isInserted is set", async () => {
      await visitWithFlags(
        page,
        { isAuthenticatedRe: T, isInserted: T },
        "/customer/recruitmentForm/lookingForward",
      );
      await expect(page).toHaveURL(ENTRY);
    });
  });

  test("memberRedemption stays open once isInserted is set", async ({ page }) => {
    await setFlags(page, { isAuthenticatedRe: T, isInserted: T });
    await page.goto("/customer/recruitmentForm/memberRedemption");
    await expect(page.getByRole("heading", { name: "會員兌換" })).toBeVisible();
    await expect(page).toHaveURL(/memberRedemption$/);
  });

  test("the entry page is never guarded", async ({ page }) => {
    await setFlags(page, { isInserted: T });
    await page.goto("/customer/recruitmentForm");
    await expect(page).toHaveURL(ENTRY);
    await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
  });
});

test("the review page opened by its URL names what is missing instead of sending a lead", async ({
  page,
}) => {
  await setFlags(page, { isAuthenticatedRe: T });
  let posted = false;
  await page.route("**/api/lead", (route) => {
    if (route.request().method() === "POST") posted = true;
    return route.fallback();
  });
  await page.goto("/customer/recruitmentForm/lookingForward");
  await page.getByRole("button", { name: "確認並提交" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "「個人資料」尚未填妥" })).toBeVisible();
  expect(posted).toBe(false);
  await page.getByRole("button", { name: "修改個人資料" }).click();
  await expect(page).toHaveURL(/\/customer\/recruitmentForm\/personInfo$/);
});
