/**
 * Steps the customer-flow specs share (nuForm, recruitment form, maintenance): they drive the real
 * pages in Chromium the way a customer does — by labels and button names, through the shadow roots.
 */
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import type { Lead } from "../lib/core/types.ts";
import { api, customerToken, outboxCode } from "./support/api.ts";
import { expectNoA11yViolations } from "./support/axe.ts";
import { BASE_URL } from "./support/env.ts";

export type FlowName = "nuform" | "recruitment";

/** Set SCREENSHOTS=1 to keep a 390 px full-page screenshot of every step in the test's output. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** axe on the page, waiting first for the step to settle (no loading line). */
export async function checkA11y(page: Page): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: /^載入中/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
}

export function heading(page: Page, name: string | RegExp): Locator {
  return page.getByRole("heading", { name });
}

/** Stored flags before any page script runs (docs/rules.md#browser-storage keys, exactly). */
export async function setFlags(page: Page, flags: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    if (sessionStorage.getItem("e2e-flags-set")) return;
    sessionStorage.setItem("e2e-flags-set", "1");
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, flags);
}

/**
 * Opens `path` with exactly `flags` stored (the rest of both storages cleared first), in the page
 * already open on this origin: a guard table visits many URLs in one page, as a customer's browser
 * would, with the scripts cached.
 */
export async function visitWithFlags(page: Page, flags: Record<string, string>, path: string): Promise<void> {
  await page.evaluate((values) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, flags);
  await page.goto(path);
}

export async function storedFlag(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/**
 * The lead ids the page's flows announce with their public `nu-submit` event, across page loads
 * (call before the page opens). Tests read the reference from here or from the page, never from the
 * flows' private storage.
 */
export async function submittedLeads(page: Page): Promise<string[]> {
  const leads: string[] = [];
  await page.exposeFunction("e2eNuSubmit", (leadId: string) => {
    leads.push(leadId);
  });
  await page.addInitScript(() => {
    document.addEventListener("nu-submit", (event) => {
      const { leadId } = (event as CustomEvent<{ leadId: string }>).detail;
      (window as unknown as { e2eNuSubmit(id: string): void }).e2eNuSubmit(leadId);
    });
  });
  return leads;
}

/** The one lead the page announced with `nu-submit`. */
export async function theSubmittedLead(leads: readonly string[]): Promise<string> {
  await expect.poll(() => leads.length).toBe(1);
  return leads[0];
}

/** Everything the page keeps in sessionStorage, as one text (to prove typed data is gone). */
export async function sessionStorageText(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ ...sessionStorage }));
}

/** E-mail → 發送電郵 → the code from the dev outbox → 驗證, on the entry page already open. */
export async function signIn(page: Page, email: string, base = BASE_URL): Promise<void> {
  await page.getByRole("combobox", { name: "電郵地址" }).fill(email);
  // A code sent before a reload is still on its way: the countdown holds 重新發送 back.
  if (!(await page.getByRole("textbox", { name: "驗證碼" }).isVisible())) {
    await page.getByRole("button", { name: "發送電郵" }).click();
    // The button's own status (a code sent before a reload leaves the notice, not this).
    await expect(page.getByText("已發送", { exact: true })).toBeVisible();
  }
  await expect(page.getByText(`驗證碼已發送至 ${email}`)).toBeVisible();
  const code = await outboxCode({ email }, base);
  await page.getByRole("textbox", { name: "驗證碼" }).fill(code);
  await page.getByRole("button", { name: "驗證" }).click();
}

/** A new Hong Kong customer from the entry page to TnCNew: signed in, residence, names, phone, address. */
export async function toNewMemberTerms(
  page: Page,
  email: string,
  person: Person = { lastName: "周", firstName: "子健", phone: "98765432" },
): Promise<void> {
  await page.goto("/customer/nuForm");
  await signIn(page, email);
  await page.getByRole("radio", { name: "香港" }).check();
  await page.getByRole("button", { name: "下一步" }).click();
  await fillNamesAndPhone(page, person);
  await pickAmoyGardens(page);
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page).toHaveURL(/TnCNew$/);
}

export interface Person {
  lastName: string;
  firstName: string;
  phone: string;
  phoneCode?: "852" | "853" | "86";
}

export async function fillNamesAndPhone(page: Page, person: Person): Promise<void> {
  await page.getByRole("textbox", { name: "姓氏" }).fill(person.lastName);
  await page.getByRole("textbox", { name: "名字" }).fill(person.firstName);
  if (person.phoneCode) {
    await page.getByRole("combobox", { name: "國家或地區編號" }).selectOption(person.phoneCode);
  }
  await page.getByRole("textbox", { name: "電話號碼" }).fill(person.phone);
}

/** Types 淘大 in the building field and picks the played-back ALS suggestion for Block P. */
export async function pickAmoyGardens(page: Page): Promise<void> {
  const building = page.getByRole("combobox", { name: "大廈／屋苑名稱" });
  await building.fill("淘大");
  const option = page.getByRole("option").filter({ hasText: "P座" }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.getByRole("combobox", { name: "區域", exact: true })).toHaveValue("KLN");
  await expect(page.getByRole("combobox", { name: "地區", exact: true })).toHaveValue("KT");
}

export async function acceptTerms(
  page: Page,
  options: { marketing?: boolean; submit?: string } = {},
): Promise<void> {
  const marketing = page.getByRole("checkbox", { name: /直接促銷/ });
  await expect(marketing).not.toBeChecked();
  await page.getByRole("checkbox", { name: /條款及細則/ }).check();
  await page.getByRole("checkbox", { name: /私隱政策/ }).check();
  if (options.marketing) await marketing.check();
  await page.getByRole("button", { name: options.submit ?? "同意並提交" }).click();
}

/** The lead reference shown on the member redemption page, once its QR code is there. */
export async function leadRefOnPage(page: Page): Promise<string> {
  await expect(page.getByRole("img", { name: /會員二維碼/ })).toBeVisible();
  const ref = (await page.getByTestId("lead-ref").textContent())?.trim() ?? "";
  expect(ref).toMatch(/^NU[0-9A-HJKMNP-TV-Z]{8}$/);
  return ref;
}

/** A lead as staff see it (admin, full data). */
export async function leadAsStaff(id: string, staffToken: string, base = BASE_URL): Promise<Lead> {
  const answer = await api<Lead>("GET", `/lead?id=${encodeURIComponent(id)}&full=1`, {
    token: staffToken,
    base,
  });
  expect(answer.Code, answer.Message).toBe(200);
  return answer.Data[0];
}

export { customerToken };

/** A recruitment lead made through the API for `email` (an existing customer for nuForm); its token and id. */
export async function createRecruitmentLead(
  email: string,
  person: { last_name: string; phone_code: string; phone: string },
): Promise<{ token: string; id: string }> {
  const token = await customerToken(email, "recruitment");
  const created = await api<{ id: string }>("POST", "/lead", {
    token,
    headers: { "Idempotency-Key": `e2e-${email}` },
    body: {
      flow: "recruitment",
      email,
      first_name: "美玲",
      ...person,
      consents: { terms: true, privacy: true, marketing: false },
    },
  });
  expect(created.Code, created.Message).toBe(200);
  return { token, id: created.Data[0].id };
}

/** Today in Hong Kong plus `days`, as YYYY-MM-DD. */
export function hkDay(days = 0): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** Opens the date field named `label`, shows the day's month and returns the calendar dialog. */
export async function openCalendarAt(page: Page, label: string, ymd: string): Promise<Locator> {
  await page.getByRole("button", { name: new RegExp(label) }).click();
  const dialog = page.getByRole("dialog", { name: "選擇日期" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox", { name: "年份" }).selectOption(String(Number(ymd.slice(0, 4))));
  await dialog.getByRole("combobox", { name: "月份" }).selectOption(String(Number(ymd.slice(5, 7))));
  return dialog;
}

/** Picks `ymd` in the calendar of the date field named `label` and confirms. */
export async function pickDate(page: Page, label: string, ymd: string): Promise<void> {
  const dialog = await openCalendarAt(page, label, ymd);
  await dialog.locator(`button[data-date="${ymd}"]`).click();
  await dialog.getByRole("button", { name: "確定" }).click();
  await expect(dialog).toBeHidden();
}
