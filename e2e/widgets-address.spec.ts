/**
 * <nu-address-selector> on the gallery against the ALS playback server (real recorded answers of
 * fixtures/als): lookups, picking suggestions in Chinese and English, blocks, estates,
 * sub-districts, the clear control, and the service failing, answering nothing or answering late.
 * The lists, the required flags and a value set from outside are component tests
 * (lib/widgets/AddressSelector.browser.test.tsx). Each test types texts of its own, so parallel tests never share a request.
 */
import { expectNoA11yViolations as checkA11y } from "./support/axe.ts";
import { ALS_PLAYBACK_URL } from "./support/env.ts";
import { expect, type Page, test } from "./support/test.ts";
import { alsRequests, lastDetail, openGallery } from "./widgets-helpers.ts";

let since = 0;

test.beforeEach(async ({ page }) => {
  since = Date.now();
  // Time flows as usual; a test that must prove a lookup did NOT happen moves the page's clock
  // past the debounce instead of sleeping.
  await page.clock.install();
  await openGallery(page);
});

const requestsFor = (q: string) => alsRequests(q, since);

/** The `q` of every lookup the page sends, in the order it sends them. */
/**
 * The lookups the page sends, in order, as Playwright reports them: that report can reach the test
 * after the playback server has answered, so read it with `expect.poll`.
 */
function sentLookups(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(ALS_PLAYBACK_URL))
      sent.push(new URL(request.url()).searchParams.get("q") ?? "");
  });
  return sent;
}

function selector(page: Page, id = "address-empty") {
  const root = page.locator(`#${id}`);
  return {
    root,
    region: root.getByRole("combobox", { name: "區域" }),
    district: root.getByRole("combobox", { name: "地區", exact: true }),
    sub: root.getByRole("combobox", { name: "分區" }),
    building: root.getByRole("combobox", { name: "大廈／屋苑名稱" }),
    list: root.getByRole("listbox", { name: "地址建議" }),
    block: root.getByRole("textbox", { name: "座數" }),
    floor: root.getByRole("textbox", { name: "樓層" }),
    room: root.getByRole("textbox", { name: "室" }),
    clear: root.getByRole("button", { name: "清除大廈／屋苑名稱" }),
  };
}

async function waitForRequest(q: string) {
  await expect.poll(async () => (await requestsFor(q)).length, { timeout: 5000 }).toBe(1);
}

test("a Chinese query: debounced request with q, n=20 and the headers; picking a block fills it in Chinese", async ({
  page,
}) => {
  const a = selector(page);
  const sent = sentLookups(page);
  await a.building.click();
  await page.keyboard.type("淘");
  // One character is not looked up: well past the debounce, nothing went out…
  await page.clock.runFor(1000);
  await page.keyboard.type("大花園", { delay: 60 });
  await waitForRequest("淘大花園");
  // …as the first lookup the page sent shows: the whole text, typed after that second.
  await expect.poll(() => [...sent]).toEqual(["淘大花園"]);
  expect(await requestsFor("淘")).toHaveLength(0);
  const [request] = await requestsFor("淘大花園");
  expect(request).toMatchObject({ n: "20", accept: "application/json", acceptLanguage: "en,zh-Hant" });
  // Debounced: the intermediate texts were never sent.
  expect(await requestsFor("淘大")).toHaveLength(0);
  expect(await requestsFor("淘大花")).toHaveLength(0);

  await expect(a.list.getByRole("option")).toHaveCount(20);
  await expect(a.list.getByRole("option").first()).toHaveText("觀塘區 牛頭角道77號 淘大花園P座");
  await expect(a.building).toHaveAttribute("aria-expanded", "true");

  await a.building.press("ArrowDown");
  await a.building.press("Enter");
  await expect(a.list).toBeHidden();
  await expect(a.region).toHaveValue("KLN");
  await expect(a.region.locator("option:checked")).toHaveText("九龍");
  await expect(a.district).toHaveValue("KT");
  await expect(a.district.locator("option:checked")).toHaveText("觀塘區");
  await expect(a.sub).toHaveValue("");
  await expect(a.building).toHaveValue("淘大花園");
  await expect(a.block).toHaveValue("P座");
  await expect(a.root.getByText("街道：牛頭角道77號")).toBeVisible();

  const detail = (await lastDetail(page, "address-empty", "nu-change")) as {
    value: Record<string, string>;
    english: Record<string, string>;
  };
  expect(detail.value).toMatchObject({
    region: "KLN",
    district: "KT",
    building: "淘大花園",
    buildingEn: "AMOY GARDENS",
    block: "P座",
    buildingLang: "zh",
    street_zh: "牛頭角道77號",
    street_en: "77 NGAU TAU KOK ROAD",
    latitude: "22.3238",
    longitude: "114.217",
  });
  expect(detail.english).toMatchObject({
    region: "Kowloon",
    district: "Kwun Tong",
    building: "AMOY GARDENS",
    block: "BLK P",
    street: "77 NGAU TAU KOK ROAD",
  });

  // The hints are kept locally (docs/rules.md#fields-and-formats) …
  const hints = () =>
    page.evaluate(() => ({
      street_en: localStorage.getItem("street_en"),
      street_zh: localStorage.getItem("street_zh"),
      latitude: localStorage.getItem("latitude"),
      longitude: localStorage.getItem("longitude"),
    }));
  expect(await hints()).toEqual({
    street_en: "77 NGAU TAU KOK ROAD",
    street_zh: "牛頭角道77號",
    latitude: "22.3238",
    longitude: "114.217",
  });

  // … and the clear control empties the building fields and the hints, not the districts.
  await a.floor.fill("12");
  await a.clear.click();
  await expect(a.building).toHaveValue("");
  await expect(a.block).toHaveValue("");
  await expect(a.root.getByText(/街道：/)).toHaveCount(0);
  await expect(a.floor).toHaveValue("12");
  await expect(a.district).toHaveValue("KT");
  expect(await hints()).toEqual({ street_en: null, street_zh: null, latitude: null, longitude: null });
  const cleared = (await lastDetail(page, "address-empty", "nu-change")) as { value: Record<string, string> };
  expect(cleared.value).toMatchObject({
    building: "",
    buildingEn: "",
    street_en: "",
    street_zh: "",
    latitude: "",
    longitude: "",
  });
});

test("the arrow keys scroll the suggestion list to the option they highlight", async ({ page }) => {
  const a = selector(page);
  await a.building.fill("amoy scrolled");
  await expect(a.list.getByRole("option")).toHaveCount(20);
  /** The highlighted option's place: its text, and whether the list shows all of it. */
  const highlighted = () =>
    a.building.evaluate((input) => {
      const root = input.getRootNode() as ShadowRoot;
      const option = root.getElementById(input.getAttribute("aria-activedescendant") ?? "");
      const list = root.getElementById(input.getAttribute("aria-controls") ?? "");
      if (!option || !list) return { text: "", shown: false, scrollTop: -1 };
      const o = option.getBoundingClientRect();
      const l = list.getBoundingClientRect();
      return {
        text: option.textContent ?? "",
        shown: o.top >= l.top - 0.5 && o.bottom <= l.bottom + 0.5,
        scrollTop: list.scrollTop,
      };
    });

  for (let i = 0; i < 12; i++) await a.building.press("ArrowDown");
  const twelfth = await highlighted();
  expect(twelfth.text).toBe(await a.list.getByRole("option").nth(11).textContent());
  expect(twelfth.shown, "the 12th option is in the list's view").toBe(true);
  expect(twelfth.scrollTop).toBeGreaterThan(0);

  // Past the last option to the first: the list scrolls back up.
  for (let i = 0; i < 9; i++) await a.building.press("ArrowDown");
  const first = await highlighted();
  expect(first.text).toBe(await a.list.getByRole("option").first().textContent());
  expect(first.shown, "the first option is in view again").toBe(true);
  // ArrowUp from the first goes round to the last, which the list shows.
  await a.building.press("ArrowUp");
  const last = await highlighted();
  expect(last.text).toBe(await a.list.getByRole("option").last().textContent());
  expect(last.shown, "the last option is in view").toBe(true);
});

test("an English query fills the English building; an estate tower finds its sub-district", async ({
  page,
}) => {
  const a = selector(page);
  await a.building.fill("metropolis");
  await waitForRequest("metropolis");
  const tower = a.list.getByRole("option", {
    name: "TOWER 5, METRO TOWN, 8 KING LING ROAD, TSEUNG KWAN O, SAI KUNG",
  });
  await tower.click();
  await expect(a.region).toHaveValue("NT");
  await expect(a.district).toHaveValue("SK");
  await expect(a.district.locator("option:checked")).toHaveText("西貢區");
  await expect(a.sub.locator("option:checked")).toHaveText("將軍澳");
  await expect(a.building).toHaveValue("METRO TOWN");
  await expect(a.block).toHaveValue("TOWER 5");
  const detail = (await lastDetail(page, "address-empty", "nu-change")) as {
    value: Record<string, string>;
    english: Record<string, string>;
  };
  expect(detail.value).toMatchObject({ buildingLang: "en", buildingEn: "METRO TOWN", building: "都會駅" });
  expect(detail.english).toMatchObject({ building: "METRO TOWN", block: "TOWER 5", district: "Sai Kung" });
});

test("an estate whose building name holds the block, and a new-endpoint estate answer", async ({ page }) => {
  const a = selector(page);
  await a.building.fill("紅磡邨 紅曜樓");
  await waitForRequest("紅磡邨 紅曜樓");
  await a.list.getByRole("option", { name: "九龍城區 大環道28號 紅磡邨 紅曜樓(第3座)" }).click();
  await expect(a.building).toHaveValue("紅曜樓(第3座)");
  // The block is inside the name already, so it is not repeated.
  await expect(a.block).toHaveValue("");
  await expect(a.district).toHaveValue("KLC");

  await a.building.fill("富高工業");
  await waitForRequest("富高工業");
  await expect(a.list.getByRole("option")).toHaveText([
    "九龍城區 民樂街21號 富高工業中心",
    "九龍城區 民樂街21號 富高工業中心A座",
    "九龍城區 民樂街21號 富高工業中心B座",
  ]);
  await a.list.getByRole("option").nth(2).click();
  await expect(a.building).toHaveValue("富高工業中心");
  await expect(a.block).toHaveValue("B座");
  const detail = (await lastDetail(page, "address-empty", "nu-change")) as {
    value: Record<string, string>;
    english: Record<string, string>;
  };
  expect(detail.value).toMatchObject({ latitude: "22.30981", longitude: "114.18978", district: "KLC" });
  expect(detail.english).toMatchObject({
    building: "FOCAL INDUSTRIAL CENTRE",
    block: "BLK B",
    region: "Kowloon",
  });
});

// The lists following one another and resetting are a component test
// (lib/widgets/AddressSelector.browser.test.tsx); this is what needs the lookup.
test("a chosen sub-district that the picked address does not name is cleared", async ({ page }) => {
  const a = selector(page);
  await a.region.selectOption("KLN");
  await a.district.selectOption("KT");
  await a.sub.selectOption({ index: 1 });
  await expect(a.sub).not.toHaveValue("");
  await a.building.fill("amoy gardens");
  await waitForRequest("amoy gardens");
  await a.list.getByRole("option").first().click();
  await expect(a.district).toHaveValue("KT");
  await expect(a.sub).toHaveValue("");
  await expect(a.building).toHaveValue("AMOY GARDENS");
  await expect(a.block).toHaveValue("BLK P");
});

test("an empty answer says nothing matched; a failing service is logged (without the text) and said; a slow answer never overwrites a newer one", async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  const a = selector(page);

  await a.building.fill("amoy one");
  await waitForRequest("amoy one");
  await expect(a.list.getByRole("option")).toHaveCount(20);
  await a.building.fill("no such building");
  await waitForRequest("no such building");
  await expect(a.list.getByRole("option")).toHaveCount(0);
  await expect(a.list).toBeHidden();
  const status = a.root.getByRole("status");
  await expect(status).toHaveText(/找不到相符的地址/);

  await a.building.fill("amoy two");
  await waitForRequest("amoy two");
  await expect(a.list.getByRole("option")).toHaveCount(20);
  await a.building.fill("amoy fail");
  await waitForRequest("amoy fail");
  await expect.poll(() => warnings.length).toBe(1);
  expect(warnings[0]).toContain("address lookup failed (HTTP 500)");
  // The log holds nothing the user typed.
  expect(warnings[0]).not.toContain("amoy");
  // The stale list goes and the failure is said, with the manual path.
  await expect(a.list.getByRole("option")).toHaveCount(0);
  await expect(a.list).toBeHidden();
  await expect(status).toHaveText(/暫時未能使用地址查詢服務/);
  await expect(a.root.getByRole("button", { name: "找不到地址？手動輸入" })).toBeVisible();
  await expect(a.root.getByRole("alert")).toHaveText(["", "", ""]);

  // The slow answer (1.5 s) for the older text must not replace the answer for the newer text:
  // the newer text aborts the older request, so its answer never reaches the page.
  await a.building.fill("slow amoy");
  await waitForRequest("slow amoy");
  const slowAborted = page.waitForEvent(
    "requestfailed",
    (request) => new URL(request.url()).searchParams.get("q") === "slow amoy",
  );
  await a.building.fill("focal three");
  await waitForRequest("focal three");
  await expect(a.list.getByRole("option")).toHaveCount(3);
  expect((await slowAborted).failure()?.errorText).toBe("net::ERR_ABORTED");
  await expect(a.list.getByRole("option")).toHaveCount(3);
  await expect(a.list.getByRole("option").first()).toHaveText(
    "FOCAL INDUSTRIAL CENTRE, 21 MAN LOK STREET, KOWLOON CITY",
  );

  // One character is not looked up and empties the list: well past the debounce nothing went
  // out, as the next lookup the page sends shows.
  const sent = sentLookups(page);
  await a.building.fill("f");
  await expect(a.list.getByRole("option")).toHaveCount(0);
  await page.clock.runFor(1000);
  await a.building.fill("focal three");
  await expect.poll(async () => (await requestsFor("focal three")).length).toBe(2);
  await expect.poll(() => [...sent]).toEqual(["focal three"]);
  expect(await requestsFor("f")).toHaveLength(0);
});

test("the building comes first; an English pick in the Chinese UI shows building and street in English, upper case", async ({
  page,
}, testInfo) => {
  const a = selector(page);
  // Reading (and tab) order: building / estate, then region, district, sub-district, then block.
  const order = await a.root.evaluate((root) =>
    Array.from((root.shadowRoot ?? root).querySelectorAll("input:not([type=hidden]), select"), (el) =>
      el.getAttribute("name"),
    ),
  );
  expect(order.slice(0, 4)).toEqual(["home-building", "home-region", "home-district", "home-sub-district"]);

  await a.building.fill("slow amoy english");
  await expect(a.root.getByRole("status")).toHaveText("正在搜尋地址…");
  await a.list.getByRole("option", { name: "BLK P, AMOY GARDENS, 77 NGAU TAU KOK ROAD, KWUN TONG" }).click();
  // An empty lookup line is not shown at all (display: none), so it is found by its part.
  await expect(a.root.locator('[part~="lookup-status"]')).toHaveText("");
  await expect(a.root.locator('[part~="lookup-status"]')).toBeHidden();
  await expect(a.building).toHaveValue("AMOY GARDENS");
  await expect(a.block).toHaveValue("BLK P");
  await expect(a.root.getByText("街道：77 NGAU TAU KOK ROAD")).toBeVisible();
  await expect(a.root.getByText("牛頭角道77號")).toHaveCount(0);
  await expect(a.region).toHaveValue("KLN");
  await expect(a.district).toHaveValue("KT");
  if (process.env.SCREENSHOTS)
    await a.root.screenshot({ path: testInfo.outputPath("address-english-pick.png") });
});

test("a lookup that hangs is said within a few seconds with the manual path, zh and en; the manual path stops lookups", async ({
  page,
}) => {
  test.slow(); // axe twice on a shared machine
  // The government service never answers: every lookup stays pending.
  const hung: string[] = [];
  await page.route(`${ALS_PLAYBACK_URL}**`, (route) => {
    hung.push(new URL(route.request().url()).searchParams.get("q") ?? "");
  });
  const a = selector(page);
  const status = a.root.getByRole("status");
  const manual = a.root.getByRole("button", { name: "找不到地址？手動輸入" });
  await a.building.fill("hung estate");
  await expect.poll(() => hung).toEqual(["hung estate"]);
  // Said on the page's own clock within a few seconds (3 s), the lookup still waiting.
  await expect(status).not.toHaveText(/地址查詢服務回應較慢/);
  await page.clock.runFor(3000);
  await expect(status).toHaveText(/地址查詢服務回應較慢/);
  await expect(manual).toBeVisible();
  await checkA11y(page, { include: "#address-empty" });
  // Never answered: after the time-out it is a failure, and the hint names the manual path.
  await page.clock.runFor(6000);
  await expect(status).toHaveText(/暫時未能使用地址查詢服務/);
  await expect(a.root.getByText("請輸入大廈或屋苑名稱，並在下面選擇區域及地區。")).toBeVisible();
  await expect(a.root.getByText(/再從建議中選擇/)).toHaveCount(0);
  if (process.env.SCREENSHOTS)
    await page.locator("#address-empty").screenshot({ path: test.info().outputPath("address-hung-zh.png") });

  // The manual path: focus on the region, no more lookups, the notice gone.
  await manual.click();
  await expect(a.region).toBeFocused();
  await expect(manual).toHaveCount(0);
  await a.building.fill("hung estate two");
  await page.clock.runFor(1000);
  await a.region.selectOption({ label: "九龍" });
  await a.district.selectOption({ label: "觀塘區" });
  expect(hung).toEqual(["hung estate"]);
  const detail = (await lastDetail(page, "address-empty", "nu-change")) as { value: Record<string, string> };
  expect(detail.value).toMatchObject({ building: "", buildingEn: "hung estate two", region: "KLN" });

  // English, on a fresh selector.
  const other = page.locator("#address-error");
  await other.evaluate((element) => element.setAttribute("lang", "en"));
  await other.getByRole("combobox", { name: /Building/ }).fill("hung english");
  await expect.poll(() => hung).toEqual(["hung estate", "hung english"]);
  await page.clock.runFor(3000);
  await expect(other.getByRole("status")).toHaveText(/taking longer than usual/);
  await page.clock.runFor(6000);
  await expect(other.getByRole("status")).toHaveText(/address lookup isn't available right now/);
  await expect(
    other.getByRole("button", { name: "Can't find your address? Enter it yourself" }),
  ).toBeVisible();
  await checkA11y(page, { include: "#address-error" });
  if (process.env.SCREENSHOTS)
    await other.screenshot({ path: test.info().outputPath("address-hung-en.png") });
});
