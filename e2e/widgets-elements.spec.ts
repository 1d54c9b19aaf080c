/**
 * The widgets as a brand site would place them: a bare page with the element bundle and the
 * elements configured by attributes only (no gallery script, no page configuration). The events
 * reach the page as composed, bubbling CustomEvents from the element.
 */

import { ALS_PLAYBACK_URL, BASE_URL } from "./support/env.ts";
import { expect, type Page, test } from "./support/test.ts";
import { alsRequests, dayName } from "./widgets-helpers.ts";

const PAGE_PATH = "/__widgets-attributes-only";

const html = `<!doctype html>
<html lang="zh-Hant-HK">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Attributes only</title>
    <style>html { font-size: 62.5%; } body { font-family: serif; }</style>
    <script type="module" src="/elements/nu-forms.js"></script>
  </head>
  <body>
    <main>
      <h1>Attributes only</h1>
      <nu-address-selector id="address" als-url="${ALS_PLAYBACK_URL}"></nu-address-selector>
      <nu-date-picker id="date" label="預約日期" min-days="2" max-days="5" value="05/01/2027"></nu-date-picker>
    </main>
  </body>
</html>`;

interface Seen {
  type: string;
  target: string;
  detail: unknown;
  composed: boolean;
  bubbles: boolean;
}

async function openBarePage(page: Page) {
  await page.route(`${BASE_URL}${PAGE_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  await page.goto(PAGE_PATH);
  await page.evaluate(async () => {
    await customElements.whenDefined("nu-address-selector");
    await customElements.whenDefined("nu-date-picker");
    const seen: Seen[] = [];
    (window as unknown as { seen: Seen[] }).seen = seen;
    for (const type of ["nu-change", "nu-confirm", "nu-cancel"]) {
      document.addEventListener(type, (event) => {
        const e = event as CustomEvent;
        seen.push({
          type,
          target: (e.target as Element).id,
          detail: e.detail,
          composed: e.composed,
          bubbles: e.bubbles,
        });
      });
    }
  });
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);

test("<nu-address-selector als-url> looks up, fills and emits nu-change {value, english}", async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date("2026-12-30T10:00:00+08:00"));
  await openBarePage(page);
  const root = page.locator("#address");
  const building = root.getByRole("combobox", { name: "大廈／屋苑名稱" });
  // The host page's 62.5 % root font size does not shrink the widget.
  expect(await building.evaluate((el) => getComputedStyle(el).fontSize)).toBe("16px");

  const since = Date.now();
  await building.fill("富高 attr");
  await expect.poll(async () => (await alsRequests("富高 attr", since)).length).toBe(1);
  await root.getByRole("option", { name: "九龍城區 民樂街21號 富高工業中心A座" }).click();
  await expect(root.getByRole("combobox", { name: "地區", exact: true })).toHaveValue("KLC");

  const events = await seen(page);
  const last = events.filter((e) => e.type === "nu-change").at(-1);
  expect(last).toMatchObject({
    target: "address",
    composed: true,
    bubbles: true,
    detail: {
      value: { region: "KLN", district: "KLC", building: "富高工業中心", block: "A座", buildingLang: "zh" },
      english: {
        region: "Kowloon",
        district: "Kowloon City",
        building: "FOCAL INDUSTRIAL CENTRE",
        block: "BLK A",
      },
    },
  });
  // The element's value property is the current value.
  expect(
    await root.evaluate((el) => (el as HTMLElement & { value: { building: string } }).value.building),
  ).toBe("富高工業中心");

  // Rich data also goes in through the property.
  await root.evaluate((el) => {
    (el as HTMLElement & { value: unknown }).value = {
      region: "HK",
      district: "WC",
      buildingEn: "HOPEWELL CENTRE",
      buildingLang: "en",
    };
  });
  await expect(building).toHaveValue("HOPEWELL CENTRE");
  await expect(root.getByRole("combobox", { name: "區域" })).toHaveValue("HK");
});

test("<nu-date-picker min-days max-days value> emits nu-confirm / nu-change and nu-cancel", async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date("2026-12-30T10:00:00+08:00"));
  await openBarePage(page);
  const root = page.locator("#date");
  const field = root.getByRole("button", { name: /預約日期/ });
  await expect(field).toHaveText(/05\/01\/2027/);

  await field.click();
  const dialog = root.getByRole("dialog", { name: "選擇日期" });
  await expect(dialog).toBeVisible();
  // today + 2 … today + 5 = 01/01/2027 … 04/01/2027; the old value 05/01/2027 is outside.
  await expect(dialog.getByText("可選日期：01/01/2027 至 04/01/2027")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "確定" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: dayName("2027-01-05"), exact: true })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await dialog.getByRole("button", { name: dayName("2027-01-04"), exact: true }).click();
  await dialog.getByRole("button", { name: "確定" }).click();
  await expect(dialog).toBeHidden();
  await expect(field).toHaveText(/04\/01\/2027/);
  await expect(root).toHaveAttribute("value", "04/01/2027");

  await field.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: dayName("2027-01-01"), exact: true }).click();
  await page.keyboard.press("Escape");
  // The component sends nu-cancel before or as the dialog closes: once it is hidden, the event is there.
  await expect(dialog).toBeHidden();
  const dateEvents = async () => (await seen(page)).filter((e) => e.target === "date");
  expect((await dateEvents()).map((e) => e.type)).toEqual(["nu-confirm", "nu-change", "nu-cancel"]);
  await expect(field).toHaveText(/04\/01\/2027/);

  const events = await dateEvents();
  expect(events[0]).toMatchObject({ detail: { value: "04/01/2027" }, composed: true, bubbles: true });
  expect(events[1]).toMatchObject({ detail: { value: "04/01/2027" } });
  expect(events[2]).toMatchObject({ detail: {} });

  // Setting the attribute changes the value, as for any form field.
  await root.evaluate((el) => el.setAttribute("value", "02/01/2027"));
  await expect(field).toHaveText(/02\/01\/2027/);
});

test("a page with only widgets downloads the widgets' texts, not the texts after sign-in", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await openBarePage(page);
  // Both show their own texts: the address parts and the calendar (widget texts, not sign-in's).
  await expect(page.locator("#address").getByRole("combobox", { name: "大廈／屋苑名稱" })).toBeVisible();
  await page
    .locator("#date")
    .getByRole("button", { name: /預約日期/ })
    .click();
  await expect(page.locator("#date").getByRole("dialog", { name: "選擇日期" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // (The chunk loader fetches a file, then imports it from the cache: two requests, one file.)
  const texts = new Set(requested.filter((path) => /\/chunks\/(zh-HK|en)(\.\w+)?-[\w-]+\.js$/.test(path)));
  expect([...texts]).toEqual([expect.stringMatching(/\/chunks\/zh-HK\.widgets-[\w-]+\.js$/)]);
});
