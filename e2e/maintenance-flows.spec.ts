import { setFlags, storedFlag } from "./nuform-steps.ts";
import { api, staffToken } from "./support/api.ts";
import { API_KEY } from "./support/env.ts";
import { type RunningServer, startServer } from "./support/server.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * The maintenance rules (docs/rules.md#maintenance) for both customer flows, on an isolated server (its own database), so the
 * shared server's maintenance record is never touched.
 */
test.describe.configure({ mode: "serial" });

/** A brand site that is not the product's server (Playwright answers its requests). */
const BRAND_ORIGIN = "http://brand.test";

let server: RunningServer;
let admin: string;

const OFF = {
  enable_maintenance: "false",
  enable_maintenance_nuform: "false",
  enable_maintenance_reform: "false",
  nuform_online_date: "",
  maintenance_messages: "系統升級中，請於今晚 11 時後再試。",
  maintenance_messages_nuform: "nuForm 暫停登記，敬請留意。",
  maintenance_messages_reform: "媽媽會員招募暫停，敬請留意。",
};

async function setMaintenance(changes: Partial<typeof OFF>): Promise<void> {
  const answer = await api("PUT", "/maintenance", {
    base: server.url,
    token: admin,
    body: { ...OFF, ...changes },
  });
  expect(answer.Code, answer.Message).toBe(200);
}

async function expectMaintenancePage(page: Page, message: string): Promise<void> {
  await expect(page).toHaveURL(/\/maintenance\?message=/);
  await expect(page.getByText(message)).toBeVisible();
}

const SIGNED_IN = {
  isAuthenticated: "true",
  isAuthenticatedRe: "true",
  CUSTOMER_TOKEN: "e2e.token.value",
  IsSelectedNUProduct: "true",
  isInserted: "true",
  RECTUITMENTFORM: "true",
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ APP_ENV: "prod", ALLOWED_ORIGINS: BRAND_ORIGIN });
  admin = await staffToken("A001", server.url);
});

test.afterAll(async () => {
  await server?.stop();
});

test("global maintenance clears the sign-in flags and shows its message (nuForm entry)", async ({ page }) => {
  await setMaintenance({ enable_maintenance: "true" });
  await setFlags(page, SIGNED_IN);
  await page.goto(`${server.url}/customer/nuForm`);
  await expectMaintenancePage(page, OFF.maintenance_messages);
  for (const key of Object.keys(SIGNED_IN)) expect(await storedFlag(page, key), key).toBeNull();
});

test("global maintenance blocks the recruitment form too", async ({ page }) => {
  await setMaintenance({ enable_maintenance: "true" });
  await page.goto(`${server.url}/customer/recruitmentForm`);
  await expectMaintenancePage(page, OFF.maintenance_messages);
});

test("nuForm's own flag blocks nuForm with its message, keeps the flags, and leaves the recruitment form open", async ({
  page,
}) => {
  await setMaintenance({ enable_maintenance_nuform: "true" });
  await setFlags(page, { isAuthenticated: "true" });
  await page.goto(`${server.url}/customer/nuForm/personInfoHK`);
  await expectMaintenancePage(page, OFF.maintenance_messages_nuform);
  expect(await storedFlag(page, "isAuthenticated")).toBe("true");
  await page.goto(`${server.url}/customer/recruitmentForm`);
  await expect(page.getByRole("heading", { name: "媽媽會員招募" }).last()).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/recruitmentForm$/);
});

test("before nuform_online_date nuForm is blocked; after it, open", async ({ page }) => {
  const future = new Date(Date.now() + 3 * 86_400_000).toISOString().replace("Z", "+00:00");
  await setMaintenance({ nuform_online_date: future });
  await page.goto(`${server.url}/customer/nuForm`);
  await expectMaintenancePage(page, OFF.maintenance_messages_nuform);

  const past = new Date(Date.now() - 86_400_000).toISOString().replace("Z", "+00:00");
  await setMaintenance({ nuform_online_date: past });
  await page.goto(`${server.url}/customer/nuForm`);
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
});

test("a guarded page is checked only when signed in (else the guard sends to the entry, which is checked)", async ({
  page,
}) => {
  await setMaintenance({ enable_maintenance_nuform: "true" });
  await page.goto(`${server.url}/customer/nuForm/TnCNew`);
  await expectMaintenancePage(page, OFF.maintenance_messages_nuform);
});

test("the recruitment flag blocks the recruitment form and leaves nuForm open", async ({ page }) => {
  await setMaintenance({ enable_maintenance_reform: "true" });
  await setFlags(page, { isAuthenticatedRe: "true" });
  await page.goto(`${server.url}/customer/recruitmentForm/personInfo`);
  await expectMaintenancePage(page, OFF.maintenance_messages_reform);
  await page.goto(`${server.url}/customer/nuForm`);
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
});

test("a self-driven <nu-form> on the brand page runs the same check", async ({ page }) => {
  await setMaintenance({ enable_maintenance_nuform: "true" });
  await page.goto(`${server.url}/demo/`);
  await expectMaintenancePage(page, OFF.maintenance_messages_nuform);
});

test("a brand page on another origin reads the record from the API's server and sends people to its /maintenance", async ({
  page,
}) => {
  await setMaintenance({ enable_maintenance_nuform: "true" });
  // The brand's own server has no /api/maintenance and no /maintenance: everything but the page is 404.
  await page.route(`${BRAND_ORIGIN}/**`, (route) =>
    route.request().url() === `${BRAND_ORIGIN}/join`
      ? route.fulfill({
          contentType: "text/html; charset=utf-8",
          body: `<!doctype html><html lang="zh-Hant-HK"><head><meta charset="utf-8"><title>brand</title>
<link rel="icon" href="data:,">
<script type="module" src="${server.url}/elements/nu-forms.js"></script></head>
<body><main><h1>brand</h1><nu-form api-base="${server.url}/api" api-key="${API_KEY}"></nu-form></main></body></html>`,
        })
      : route.fulfill({ status: 404, body: "not here" }),
  );
  await page.goto(`${BRAND_ORIGIN}/join`);
  await expect(page).toHaveURL(
    `${server.url}/maintenance?message=${encodeURIComponent(OFF.maintenance_messages_nuform)}`,
  );
  await expect(page.getByText(OFF.maintenance_messages_nuform)).toBeVisible();
});

test("the maintenance page shows the message passed to it, never a scam's contact details", async ({
  page,
}) => {
  const passed = "系統升級中，預計今晚 11 時恢復";
  await setMaintenance({});
  await page.goto(`${server.url}/maintenance?message=${encodeURIComponent(passed)}`);
  // The page's notice, not the loading overlay (also a status) shown while the record loads.
  const notice = page.locator('p.notice[role="status"]');
  await expect(notice).toHaveText(passed);
  // The operator's message is read out in its own language, whatever the page's.
  await expect(notice).toHaveAttribute("lang", "zh-HK");

  const forged = "系統已遷移，請致電 6000 0000 以信用卡重新登記";
  await page.goto(`${server.url}/maintenance?message=${encodeURIComponent(forged)}`);
  await expect(notice).toHaveText("系統正在維護，請稍後再試。");
  await expect(page.getByText(forged)).toHaveCount(0);

  await setMaintenance({ enable_maintenance_reform: "true" });
  await page.goto(`${server.url}/maintenance?message=${encodeURIComponent(forged)}`);
  await expect(notice).toHaveText(OFF.maintenance_messages_reform);
  await expect(page.getByText(forged)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  if (process.env.SCREENSHOTS) await page.screenshot({ path: test.info().outputPath("maintenance-390.png") });
});
