import { heading, setFlags, signIn, storedFlag, visitWithFlags } from "./nuform-steps.ts";
import { uniqueEmail } from "./support/api.ts";
import { enterPrevented } from "./support/ime.ts";
import { expect, test } from "./support/test.ts";

/**
 * The nuForm guard (docs/rules.md#nuform), rule by rule, by visiting the URLs with the stored flags set. A redirect
 * lands on the entry page (/customer/nuForm); "stays" shows the step's own heading.
 */
const ENTRY = /\/customer\/nuForm$/;
const T = "true";

const STEP_HEADINGS: Record<string, RegExp> = {
  personInfoHK: /個人資料（香港）/,
  personInfoCN: /個人資料（中國內地）/,
  TnCNew: /條款及細則（新會員）/,
  TnCExisting: /條款及細則（現有會員）/,
  TnCPartnership: /條款及細則（合作夥伴）/,
  product: /選擇營養產品/,
  memberRedemption: /會員兌換/,
};

/**
 * The whole table, row by row, is lib/core/guards.test.ts; here the host's wiring of it: one row
 * of each kind of rule, and every step a route that opens or sends back as the table says.
 */
const CASES: Array<{ name: string; step: string; flags: Record<string, string>; stays: boolean }> = [
  { name: "not signed in → login", step: "TnCPartnership", flags: {}, stays: false },
  {
    name: "isAuthenticated 'false' is not signed in",
    step: "personInfoHK",
    flags: { isAuthenticated: "false" },
    stays: false,
  },
  {
    name: "signed in, nothing inserted → personInfoHK",
    step: "personInfoHK",
    flags: { isAuthenticated: T },
    stays: true,
  },
  { name: "signed in → TnCNew", step: "TnCNew", flags: { isAuthenticated: T }, stays: true },
  {
    name: "inserted → TnCExisting is closed",
    step: "TnCExisting",
    flags: { isAuthenticated: T, isInserted: T },
    stays: false,
  },
  {
    name: "inserted + RECTUITMENTFORM → personInfoCN stays open",
    step: "personInfoCN",
    flags: { isAuthenticated: T, isInserted: T, RECTUITMENTFORM: T },
    stays: true,
  },
  { name: "inserted → product", step: "product", flags: { isAuthenticated: T, isInserted: T }, stays: true },
  {
    name: "inserted → memberRedemption",
    step: "memberRedemption",
    flags: { isAuthenticated: T, isInserted: T },
    stays: true,
  },
  {
    name: "product already chosen → login",
    step: "product",
    flags: { isAuthenticated: T, isInserted: T, IsSelectedNUProduct: T },
    stays: false,
  },
  {
    name: "product chosen + RECTUITMENTFORM → product stays open",
    step: "product",
    flags: { isAuthenticated: T, isInserted: T, IsSelectedNUProduct: T, RECTUITMENTFORM: T },
    stays: true,
  },
];

test.describe("nuForm guard (docs/rules.md#nuform)", () => {
  test("a row of each kind of the guard table, visited by URL in one page", async ({ page }) => {
    await page.goto("/customer/nuForm");
    for (const c of CASES) {
      await test.step(c.name, async () => {
        await visitWithFlags(page, c.flags, `/customer/nuForm/${c.step}`);
        if (c.stays) {
          await expect(page.getByRole("heading", { name: STEP_HEADINGS[c.step] })).toBeVisible();
          await expect(page).toHaveURL(new RegExp(`/customer/nuForm/${c.step}$`));
        } else {
          await expect(page).toHaveURL(ENTRY);
          await expect(page.getByRole("heading", { name: "以電郵登入" })).toBeVisible();
        }
      });
    }
  });

  test("the entry page is never guarded", async ({ page }) => {
    await setFlags(page, { isInserted: T, IsSelectedNUProduct: T });
    await page.goto("/customer/nuForm");
    await expect(page).toHaveURL(ENTRY);
    await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
  });

  test("entering memberRedemption clears RECTUITMENTFORM", async ({ page }) => {
    await setFlags(page, { isAuthenticated: T, isInserted: T, RECTUITMENTFORM: T });
    await page.goto("/customer/nuForm/memberRedemption");
    await expect(page.getByRole("heading", { name: "會員兌換" })).toBeVisible();
    await expect.poll(() => storedFlag(page, "RECTUITMENTFORM")).toBeNull();
    expect(await storedFlag(page, "isInserted")).toBe(T);
  });
});

test("Enter while an input method is composing does not submit the step", async ({ page }) => {
  await setFlags(page, { isAuthenticated: T });
  await page.goto("/customer/nuForm/personInfoHK");
  const lastName = page.getByRole("textbox", { name: "姓氏" });
  await expect(lastName).toBeVisible();
  expect(await enterPrevented(lastName, true)).toBe(true);
  expect(await enterPrevented(lastName, false)).toBe(false);
  // A real Enter (no composition) submits: the empty form is checked and the first field focused.
  await lastName.press("Enter");
  await expect(lastName).toHaveAttribute("aria-invalid", "true");
  await expect(lastName).toBeFocused();
});

test("terms opened by their URL without personal details send no lead", async ({ page }) => {
  await setFlags(page, { isAuthenticated: T });
  await page.goto("/customer/nuForm/TnCNew");
  await page.getByRole("checkbox", { name: /條款及細則/ }).check();
  await page.getByRole("checkbox", { name: /私隱政策/ }).check();
  await page.getByRole("button", { name: "同意並提交" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "個人資料尚未填妥" })).toBeVisible();
  await page.getByRole("button", { name: "上一步" }).click();
  await expect(page).toHaveURL(/\/customer\/nuForm\/personInfoHK$/);
  expect(await storedFlag(page, "isInserted")).toBeNull();
});

test("every navigation starts at the top of the page, back and forward too (rules.md)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 420 });
  await setFlags(page, { isAuthenticated: T });
  await page.goto("/customer/nuForm/TnCNew");
  const back = page.getByRole("button", { name: "上一步" });
  await back.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await back.click();
  await expect(page).toHaveURL(/\/customer\/nuForm\/personInfoHK$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // The browser would put the page back where it was left; docs/rules.md#routes wants the top.
  await page.goBack();
  await expect(page).toHaveURL(/\/customer\/nuForm\/TnCNew$/);
  await expect(back).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goForward();
  await expect(page).toHaveURL(/\/customer\/nuForm\/personInfoHK$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("上一步 goes back in history: Back then leaves the flow, Forward returns", async ({ page }) => {
  await page.goto("/");
  await page.goto("/customer/nuForm");
  await signIn(page, uniqueEmail("nuform-back"));
  await page.getByRole("radio", { name: "香港" }).check();
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(heading(page, "個人資料（香港）")).toBeVisible();
  const entries = await page.evaluate(() => history.length);

  await page.getByRole("button", { name: "上一步" }).click();
  await expect(page).toHaveURL(ENTRY);
  await expect(page.getByRole("radio", { name: "香港" })).toBeVisible();
  // No new entry: the step the customer left is ahead of them, not behind.
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goForward();
  await expect(heading(page, "個人資料（香港）")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(ENTRY);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});
