import { expect, test } from "./support/test.ts";

test("the API reference loads from the server alone, with no console error", async ({ page, baseURL }) => {
  const problems: string[] = [];
  const elsewhere: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const origin = new URL(baseURL as string).origin;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.origin !== origin) elsewhere.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { name: /nu-forms API/ })).toBeVisible();
  // A call opened from the document: its parameters are drawn from the schemas.
  const call = page.locator("#operations-leads-postApiLead");
  await call.locator("button.opblock-summary-control").click();
  await expect(call.locator(".parameter__name", { hasText: "Idempotency-Key" })).toBeVisible();
  await expect(call.getByText("LEAD_EXISTS").first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("api-docs.png") });
  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
