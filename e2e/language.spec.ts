/**
 * A customer who reads English switches the customer pages to English in the header; the choice
 * holds across steps, reloads and the other flow, and switches back the same way.
 */

import { checkA11y, setFlags } from "./nuform-steps.ts";
import { createLead } from "./staff-steps.ts";
import { api, outboxCode, uniqueEmail } from "./support/api.ts";
import { DEMO_PASSWORD } from "./support/env.ts";
import { expect, test } from "./support/test.ts";

test("the header's English switch turns the customer pages and the form to English, and back", async ({
  page,
}) => {
  await page.goto("/customer/nuForm");
  await expect(page.getByRole("heading", { name: "以電郵登入" })).toBeVisible();
  await page.getByRole("button", { name: "English" }).click();

  await expect(page.getByRole("heading", { name: "Sign in with your e-mail" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Member registration");
  await expect(page.getByRole("combobox", { name: "E-mail address" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle(/^E-mail sign-in · Member registration \|/);
  await expect(page.getByRole("link", { name: "Privacy policy" })).toBeVisible();
  await expect(page.getByRole("button", { name: "中文" })).toHaveAttribute("lang", "zh-HK");
  await checkA11y(page);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Sign in with your e-mail" })).toBeVisible();
  // Home follows the choice too.
  await page.getByRole("link", { name: "BabyNu Nutrition" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("BabyNu Nutrition member registration");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/customer/recruitmentForm");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mum membership");
  await expect(page.getByRole("button", { name: "Send e-mail" })).toBeVisible();

  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("媽媽會員招募");
  await expect(page.getByRole("button", { name: "發送電郵" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
  await page.reload();
  await expect(page.getByRole("button", { name: "English" })).toBeVisible();
  await expect(page.getByRole("button", { name: "發送電郵" })).toBeVisible();
});

test("home, the 404 page, maintenance and the load error follow the English choice, and switch back", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("BabyNu 營養 會員登記");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("BabyNu Nutrition member registration");
  await expect(page.getByRole("link", { name: /^Member registration/ })).toHaveAttribute(
    "href",
    "/customer/nuForm",
  );
  await expect(page.getByRole("link", { name: /^Staff area/ })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await checkA11y(page);

  // The server draws each of them in English from the first byte: no Chinese flash, no reflow.
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  expect(await missing?.text()).toContain('<html lang="en">');
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page not found");
  await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
  await checkA11y(page);

  await page.goto("/maintenance");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Under maintenance");
  // The page's own notice (the host's "Loading…" overlay is a status too while the page loads).
  await expect(page.getByRole("status").filter({ hasText: /maintenance/ })).toHaveText(
    "The service is under maintenance. Please try again later.",
  );
  await checkA11y(page);

  // The element bundle cannot load (a customer's network dropped it).
  await page.route("**/elements/nu-forms.js", (route) => route.abort());
  await page.goto("/customer/nuForm");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The form could not be loaded");
  await expect(page.getByRole("alert")).toContainText("check your connection");
  await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("未能載入表格");
  await expect(page.getByRole("button", { name: "重新載入" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");

  await page.unroute("**/elements/nu-forms.js");
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 找不到此頁");
  await expect(page.getByRole("button", { name: "English" })).toBeVisible();
});

test("staff who read English switch the staff pages and tools to English, and back", async ({ page }) => {
  const ref = await createLead("staff-english");
  await page.goto("/staff/home");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff area");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await checkA11y(page);

  await page.getByRole("textbox", { name: "Staff ID" }).fill("S001");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/verification$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify customer");
  await expect(page.getByRole("link", { name: "Staff home" })).toBeVisible();
  await expect(page.locator(".staff-bar").getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page).toHaveTitle(/^Verify customer · Staff area/);
  await page.getByRole("textbox", { name: "Registration number" }).fill(ref);
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verification result");
  await expect(page.getByRole("button", { name: "Go to the redeem centre" })).toBeVisible();
  await checkA11y(page);

  await page.locator(".staff-bar").getByRole("button", { name: "中文" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("核實結果");
  await expect(page.getByRole("button", { name: "前往兌換中心" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
});

test("the English terms step lines up the documents' links at a phone's width", async ({ page }) => {
  await setFlags(page, { isAuthenticated: "true", "nu-forms:lang": "en" });
  await page.goto("/customer/nuForm/TnCNew");
  const privacy = page.getByRole("button", { name: "Read the Privacy Policy" });
  const pics = page.getByRole("button", { name: "Read the Personal Information Collection Statement" });
  await expect(pics).toBeVisible();
  // The long name wraps in the links' own column: it starts where the first link starts.
  const [first, second] = [await privacy.boundingBox(), await pics.boundingBox()];
  expect(second?.x).toBeCloseTo(first?.x ?? 0, 0);
  await expect(pics).toHaveCSS("text-align", "start");
});

test("in English, the page's loading overlay says Loading… and is marked as English; the code mail is English", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "nu-forms-lang", value: "en", url: baseURL as string }]);
  await page.addInitScript(() => {
    localStorage.setItem("nu-forms:lang", "en");
    // The overlay shows only while a request runs: keep what the first one said.
    new MutationObserver(() => {
      const overlay = document.querySelector(".loading-overlay");
      const seen = window as unknown as { overlay?: { lang: string; role: string; text: string } };
      if (overlay && !seen.overlay)
        seen.overlay = {
          lang: overlay.getAttribute("lang") ?? "",
          role: overlay.getAttribute("role") ?? "",
          text: overlay.textContent ?? "",
        };
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto("/customer/nuForm");
  const email = uniqueEmail("lang-overlay");
  await page.getByRole("combobox", { name: "E-mail address" }).fill(email);
  await page.getByRole("button", { name: "Send e-mail" }).click();
  await expect(page.getByRole("textbox", { name: /code/i })).toBeVisible();
  const code = await outboxCode({ email });
  // The code mail is written in the form's language, as the page that said "We sent a code" is.
  const [mail] = (
    await api<{ lang: string; subject: string; text: string }>(
      "GET",
      `/dev/outbox?email=${encodeURIComponent(email)}`,
    )
  ).Data;
  expect(mail).toMatchObject({ lang: "en", subject: "Your BabyNu Nutrition verification code" });
  expect(mail.text).toContain(`Your verification code is: ${code}`);
  expect(mail.text).not.toMatch(/[\u3400-\u9fff]/);
  // Enter in the code field: the sign-in and the next step show the page's overlay.
  await page.getByRole("textbox", { name: /code/i }).fill(code);
  await page.keyboard.press("Enter");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { overlay?: unknown }).overlay))
    .toEqual({ lang: "en", role: "status", text: "Loading…" });
});

test("at 320 px in English the header's 中文 button stays on one line", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 320, height: 256 });
  await page.context().addCookies([{ name: "nu-forms-lang", value: "en", url: baseURL as string }]);
  await page.addInitScript(() => localStorage.setItem("nu-forms:lang", "en"));
  await page.goto("/customer/nuForm");
  const button = page.getByRole("button", { name: "中文" });
  await expect(button).toBeVisible();
  const lines = await button.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
