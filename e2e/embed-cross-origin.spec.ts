/**
 * The README's copy-paste example from another origin: a brand page on
 * http://localhost:PORT (in ALLOWED_ORIGINS) loads the module script and its chunks from
 * http://127.0.0.1:PORT and calls the API there. Module scripts are fetched in CORS mode, so
 * without Access-Control-Allow-Origin on /elements/* nothing would run. The bundle is open to every
 * origin; the API answers only ALLOWED_ORIGINS.
 */

import { seedCustomer } from "./customer-seed.ts";
import { collectCspViolations } from "./embed-helpers.ts";
import { createRecruitmentLead, heading, pickAmoyGardens, setFlags } from "./nuform-steps.ts";
import { uniqueEmail } from "./support/api.ts";
import { ALS_PLAYBACK_URL, API_KEY, BASE_URL, CROSS_ORIGIN } from "./support/env.ts";
import { expect, test } from "./support/test.ts";

test("a brand page on another origin embeds <nu-form> from the server's /elements/", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const element = page.waitForResponse(`${BASE_URL}/elements/nu-forms.js`);
  await page.route(`${CROSS_ORIGIN}/brand-page`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html lang="zh-Hant-HK"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>brand</title>
<link rel="icon" href="data:,">
<meta name="nu-forms:api-base" content="${BASE_URL}/api">
<meta name="nu-forms:api-key" content="${API_KEY}">
<script type="module" src="${BASE_URL}/elements/nu-forms.js"></script></head>
<body><main><h1>brand</h1><nu-form></nu-form></main></body></html>`,
    }),
  );
  await page.goto(`${CROSS_ORIGIN}/brand-page`);
  const response = await element;
  expect(response.headers()["access-control-allow-origin"]).toBe("*");

  await expect(page.getByRole("heading", { name: "以電郵登入" })).toBeVisible();
  // The API answers the brand origin too: sending a code works.
  const sent = page.waitForResponse((r) => r.url() === `${BASE_URL}/api/auth/email/code`);
  await page.getByRole("combobox", { name: "電郵地址" }).fill(`cross-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "發送電郵" }).click();
  expect((await sent).status()).toBe(200);
  expect(errors).toEqual([]);
});

test("an origin outside ALLOWED_ORIGINS may load the public bundle, but the API refuses it", async ({
  request,
}) => {
  const res = await request.get(`${BASE_URL}/elements/nu-forms.js`, {
    headers: { origin: "http://evil.example" },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()["access-control-allow-origin"]).toBe("*");
  const api = await request.get(`${BASE_URL}/api/product_image`, {
    headers: { origin: "http://evil.example", "x-api-key": API_KEY },
  });
  expect(api.status()).toBe(403);
  expect((await api.json()).Error).toBe("ORIGIN_NOT_ALLOWED");
  expect(api.headers()["access-control-allow-origin"]).toBeUndefined();
});

test("a page with no origin of its own (about:blank) still loads the bundle and defines every element", async ({
  page,
}) => {
  await page.setContent(
    `<!doctype html><html><head><script type="module" src="${BASE_URL}/elements/nu-forms.js"></script></head><body></body></html>`,
  );
  await page.waitForFunction(() => customElements.get("nu-form") !== undefined);
  const defined = await page.evaluate(() =>
    ["nu-form", "nu-recruitment-form", "nu-staff-login", "nu-card", "nu-address-selector"].every(
      (tag) => customElements.get(tag) !== undefined,
    ),
  );
  expect(defined).toBe(true);
});

test("the product pictures load on a brand page on another origin (after the recruitment form's hand-over)", async ({
  page,
}) => {
  // The state the recruitment form's hand-over leaves (lib/flows/recruitment/handover.ts), for a
  // customer with a recruitment lead: the <nu-form> the page then shows opens on product.
  const email = uniqueEmail("cross-images");
  const { token, id } = await createRecruitmentLead(email, {
    last_name: "陳",
    phone_code: "852",
    phone: "91234567",
  });
  await setFlags(page, {
    RECTUITMENTFORM: "true",
    isInserted: "true",
    isAuthenticated: "true",
    CUSTOMER_TOKEN: token,
    "nu-flow:nuform:leadId": id,
    "nu-flow:nuform:email": email,
    "nu-flow:nuform:existing": "true",
    "nu-flow:nuform:step": "product",
  });
  const cspViolations = await collectCspViolations(page);
  await page.route(`${CROSS_ORIGIN}/brand-products`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      // docs/embedding.md's CSP table for this page: the bundle and the API on BASE_URL.
      headers: {
        "Content-Security-Policy": `default-src 'none'; script-src ${BASE_URL}; connect-src ${BASE_URL} https://www.als.gov.hk; img-src data: ${BASE_URL}`,
      },
      body: `<!doctype html><html lang="zh-Hant-HK"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>brand</title>
<link rel="icon" href="data:,">
<script type="module" src="${BASE_URL}/elements/nu-forms.js"></script></head>
<body><main><h1>brand</h1><nu-form api-base="${BASE_URL}/api" api-key="${API_KEY}"></nu-form></main></body></html>`,
    }),
  );
  await page.goto(`${CROSS_ORIGIN}/brand-products`);
  await expect(heading(page, "選擇營養產品")).toBeVisible();
  const images = page.locator("nu-form label img");
  await expect(images).toHaveCount(4);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await image.getAttribute("src")).toMatch(new RegExp(`^${BASE_URL}/`));
  }
  expect(await cspViolations()).toEqual([]);
});

test("on another origin the form asks the address lookup the server names (its ALS_URL), without a meta tag", async ({
  page,
}) => {
  await seedCustomer(page, "nuform", uniqueEmail("cross-als"));
  const lookups: string[] = [];
  page.on("request", (request) => {
    if (/\/lookup\?/.test(request.url())) lookups.push(new URL(request.url()).origin);
  });
  await page.route(`${CROSS_ORIGIN}/brand-address`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html lang="zh-Hant-HK"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>brand</title>
<link rel="icon" href="data:,">
<script type="module" src="${BASE_URL}/elements/nu-forms.js"></script></head>
<body><main><h1>brand</h1><nu-form api-base="${BASE_URL}/api" api-key="${API_KEY}"></nu-form></main></body></html>`,
    }),
  );
  await page.goto(`${CROSS_ORIGIN}/brand-address`);
  await page.getByRole("radio", { name: "香港" }).check();
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(heading(page, "個人資料（香港）")).toBeVisible();
  await pickAmoyGardens(page);
  expect(new Set(lookups)).toEqual(new Set([new URL(ALS_PLAYBACK_URL).origin]));
});
