/**
 * README's "Embed in five minutes" page, as a reader would copy it: its HTML, its `/js/enrol.js`
 * and its `/css/brand.css`, taken from README.md's code blocks, served on another origin (in
 * ALLOWED_ORIGINS) with the server's origin and key put in for `forms.example.hk` and
 * `YOUR-API-KEY`. The page must load the element, take the brand's colour and send a code.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { uniqueEmail } from "./support/api.ts";
import { API_KEY, BASE_URL, CROSS_ORIGIN } from "./support/env.ts";
import { expect, test } from "./support/test.ts";

const readme = readFileSync(resolve(import.meta.dirname, "../README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Embed in five minutes"), readme.indexOf("## Configuration"));

/** The code block of `lang` whose text includes `marker`, with the example origin and key replaced. */
function block(lang: string, marker: string): string {
  const found = [...section.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\\n\\s*\`\`\``, "g"))]
    .map((m) => m[1])
    .find((text) => text.includes(marker));
  if (!found) throw new Error(`README's embed section has no ${lang} block with ${marker}`);
  return found.replaceAll("https://forms.example.hk", BASE_URL).replaceAll("YOUR-API-KEY", API_KEY);
}

test("README's copy-paste page loads <nu-form>, takes the brand's look and sends a code", async ({
  page,
}) => {
  const html = block("html", "<nu-form");
  const script = block("js", "/js/enrol.js");
  const css = block("css", "/css/brand.css");
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route(`${CROSS_ORIGIN}/join`, (route) =>
    route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
  );
  await page.route(`${CROSS_ORIGIN}/js/enrol.js`, (route) =>
    route.fulfill({ contentType: "text/javascript; charset=utf-8", body: script }),
  );
  await page.route(`${CROSS_ORIGIN}/css/brand.css`, (route) =>
    route.fulfill({ contentType: "text/css; charset=utf-8", body: css }),
  );
  await page.route(`${CROSS_ORIGIN}/favicon.ico`, (route) => route.fulfill({ status: 204 }));

  await page.goto(`${CROSS_ORIGIN}/join`);
  await expect(page.getByRole("heading", { name: "以電郵登入" })).toBeVisible();
  // The bundle defines the elements after the page's first frame: wait for it, do not sample.
  await page.waitForFunction(() => customElements.get("nu-form") !== undefined);
  // The brand's custom property reaches the button inside the shadow root.
  const send = page.getByRole("button", { name: "發送電郵" });
  await expect(send).toHaveCSS("background-color", "rgb(107, 63, 160)");

  // The page's own script listens: a nu-error from the form reaches its handler (console.warn).
  const warned = page.waitForEvent("console", (message) => message.type() === "warning");
  await page.evaluate(() =>
    document.querySelector("nu-form")?.dispatchEvent(
      new CustomEvent("nu-error", {
        bubbles: true,
        composed: true,
        detail: { code: "TEST", message: "t" },
      }),
    ),
  );
  expect((await warned).text()).toBe("TEST t");

  const sent = page.waitForResponse((r) => r.url() === `${BASE_URL}/api/auth/email/code`);
  await page.getByRole("combobox", { name: "電郵地址" }).fill(uniqueEmail("readme"));
  await send.click();
  expect((await sent).status()).toBe(200);
  expect(errors).toEqual([]);
});
