/**
 * /customer/nuForm (and /customer/recruitmentForm) paints from its HTML (LCP): the server writes
 * the page frame and a still picture of the element's sign-in step, both the components themselves
 * rendered at build time (docs/ARCHITECTURE.md#the-first-paint; server/html.ts fills them in); the
 * host shell takes the frame over as it is and swaps the picture for the live element in the same
 * place (hosts/flows/firstStepPreview.tsx). The picture is a real form from its first frame: what is
 * typed, focused or pressed in it goes over to the live step.
 */

import { collectCspViolations, nuFormReady } from "./embed-helpers.ts";
import { useStaffSession as storeStaffSession } from "./staff-steps.ts";
import { outboxCode, uniqueEmail } from "./support/api.ts";
import { expectNoA11yViolations } from "./support/axe.ts";
import { BASE_URL } from "./support/env.ts";
import { expect, type Page, type Route, test } from "./support/test.ts";

declare global {
  interface Window {
    __served: {
      picture: Element | null;
      intro: Element | null;
      h1: Element | null;
      header: Element | null;
      footer: Element | null;
    };
    __paintLcp: { element: Element | null; size: number; startTime: number; text: string }[];
    __paintShifts: number[];
  }
}

/** What the HTML held before any script ran, and every LCP entry and layout shift from the start. */
async function observe(page: Page) {
  await page.addInitScript(() => {
    window.__paintLcp = [];
    window.__paintShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        element: Element | null;
        size: number;
      })[]) {
        window.__paintLcp.push({
          element: entry.element,
          size: entry.size,
          startTime: entry.startTime,
          text: entry.element?.textContent ?? "",
        });
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        window.__paintShifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("DOMContentLoaded", () => {
      window.__served = {
        // The served step (the hand-over takes it out of its box).
        picture: document.querySelector('.first-step-preview [part~="flow"]'),
        intro: document.querySelector(".first-step-preview .nu-step-intro"),
        h1: document.querySelector("main h1"),
        header: document.querySelector("header.site-header"),
        footer: document.querySelector("footer.site-footer"),
      };
    });
  });
}

/** How each download of home's chunk was served so far ("" from the network, "cache"). */
function homeChunkDeliveries(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("/assets/sitePages-"))
      .map((entry) => (entry as PerformanceResourceTiming & { deliveryType?: string }).deliveryType ?? ""),
  );
}

/**
 * Holds every request for `pattern` until `release()`; `held` resolves once one has arrived.
 * A script the page started before its load event holds that event too: navigate with
 * `waitUntil: "domcontentloaded"` while something is held, or the navigation waits for ever.
 */
async function hold(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    arrived();
    await released;
    await route.continue();
  });
  return { held, release };
}

const PARTS = [
  ".nu-step-progress",
  ".nu-step-title",
  ".nu-step-intro",
  ".nu-control",
  ".nu-button",
  ".nu-hint",
];

/** The boxes of the sign-in step's parts, in the picture or in the element's shadow root. */
function boxes(page: Page, where: "picture" | "element") {
  return page.evaluate(
    ({ parts, where }) => {
      const root =
        where === "picture"
          ? document.querySelector(".first-step-preview")
          : document.querySelector("nu-form, nu-recruitment-form")?.shadowRoot;
      return parts.map((part) => {
        const box = root?.querySelector(part)?.getBoundingClientRect();
        return box
          ? [part, box.x, box.y, box.width, box.height].map((v) =>
              typeof v === "number" ? Math.round(v) : v,
            )
          : [part];
      });
    },
    { parts: PARTS, where },
  );
}

/**
 * The sign-in step's markup in the picture or in the element's shadow root: every element with its
 * attributes and its text, in order. Ids differ by renderer (React DOM's on the server, Preact's in
 * the element): each becomes the order in which it first appears, in the id and in what refers to
 * it. Attributes in name order (each renderer sets them in its own); an input's `value` is a
 * property in the live field, an attribute in the markup: left out.
 */
function stepMarkup(page: Page, where: "picture" | "element") {
  return page.evaluate((where) => {
    const root =
      where === "picture"
        ? document.querySelector('.first-step-preview [part~="flow"]')
        : document.querySelector("nu-form, nu-recruitment-form")?.shadowRoot?.querySelector('[part~="flow"]');
    const ids = new Map<string, string>();
    const idOf = (value: string) =>
      value
        .split(" ")
        .map((id) => {
          if (!ids.has(id)) ids.set(id, `id${ids.size}`);
          return ids.get(id);
        })
        .join(" ");
    const REFERENCES = ["id", "for", "aria-labelledby", "aria-describedby", "aria-controls"];
    const shape = (node: Node): unknown => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent;
      const element = node as Element;
      const attributes = [...element.attributes]
        .filter((attribute) => attribute.name !== "value")
        .map((attribute) =>
          REFERENCES.includes(attribute.name)
            ? `${attribute.name}=${idOf(attribute.value)}`
            : `${attribute.name}=${attribute.value}`,
        );
      return [element.localName, ...attributes.sort(), [...element.childNodes].map(shape)];
    };
    return root ? shape(root) : null;
  }, where);
}

test("the picture is the live step's own markup: the same elements, attributes and texts", async ({
  page,
}) => {
  for (const english of [false, true]) {
    if (english) await page.context().addCookies([{ name: "nu-forms-lang", value: "en", url: BASE_URL }]);
    const nuForm = await hold(page, /\/elements\/chunks\/NuForm-[^/]+\.js/);
    // The field's suggestion list comes later (its own chunk, at idle): the picture is the step
    // as the element first draws it, with the list's empty stand-in.
    const suggestions = await hold(page, /\/elements\/chunks\/emailSuggestions-[^/]+\.js/);
    await page.goto("/customer/nuForm", { waitUntil: "domcontentloaded" });
    await nuForm.held;
    const picture = await stepMarkup(page, "picture");
    expect(JSON.stringify(picture)).toContain(english ? "Sign in with your e-mail" : "以電郵登入");
    nuForm.release();
    await expect(page.getByRole("combobox", { name: english ? "E-mail address" : "電郵地址" })).toBeVisible();
    await expect(page.locator(".first-step-preview")).toHaveCount(0);
    expect(await stepMarkup(page, "element")).toEqual(picture);
    suggestions.release();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  }
});

test("/customer/recruitmentForm paints its sign-in step from the HTML too; the live step takes its place box for box, in the same markup", async ({
  page,
}) => {
  await observe(page);
  const form = await hold(page, /\/elements\/chunks\/RecruitmentForm-[^/]+\.js/);
  const suggestions = await hold(page, /\/elements\/chunks\/emailSuggestions-[^/]+\.js/);
  await page.goto("/customer/recruitmentForm", { waitUntil: "domcontentloaded" });
  await form.held;
  const picture = page.locator(".first-step-preview");
  await expect(picture.locator("h2")).toHaveText("以電郵登入");
  await expect(picture).not.toHaveAttribute("inert");
  await expect(picture).not.toHaveAttribute("aria-hidden");
  // A form for everyone from the first frame: the served step passes axe as the live one does.
  await expectNoA11yViolations(page);
  const boxesBefore = await boxes(page, "picture");
  const markup = await stepMarkup(page, "picture");
  form.release();
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
  await expect(picture).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  expect(await boxes(page, "element")).toEqual(boxesBefore);
  expect(await stepMarkup(page, "element")).toEqual(markup);
  expect(await page.evaluate(() => window.__paintShifts)).toEqual([]);
  suggestions.release();
});

/**
 * Lighthouse's slow phone, through the DevTools protocol: CPU ×4, 150 ms round trip, 1.6 Mbps down,
 * 750 kbps up.
 */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

test("on a slow phone the served e-mail field takes a tap and typing at once; the live field takes them over with the focus and the caret", async ({
  page,
}) => {
  await slowPhone(page);
  // Held: the shell (nothing but the HTML works), then the flow's code (the shell is up, the
  // element loads behind the served step).
  const shell = await hold(page, /\/assets\/index-[^/]+\.js/);
  const nuForm = await hold(page, /\/elements\/chunks\/NuForm-[^/]+\.js/);
  await page.goto("/customer/nuForm", { waitUntil: "commit" });
  // A labelled field in the accessibility tree from the first frame, on a page that is not busy.
  const field = page.getByRole("combobox", { name: "電郵地址" });
  await expect(field).toBeVisible();
  await field.tap();
  await page.keyboard.type("early@exa");
  await expect(page.locator("main")).not.toHaveAttribute("aria-busy");
  await shell.held;
  expect(await page.locator("nu-form").count()).toBe(0);
  shell.release();
  await nuForm.held;
  await expect(page.locator("nu-form")).toHaveClass(/form-behind-preview/);
  await page.keyboard.type("mple.co");
  nuForm.release();
  await expect(page.locator(".first-step-preview")).toHaveCount(0);
  const live = page.locator("nu-form").getByRole("combobox", { name: "電郵地址" });
  await expect(live).toHaveValue("early@example.co");
  await expect(live).toBeFocused();
  // The caret is after the text: the next key goes on the end.
  await page.keyboard.type("m");
  await expect(live).toHaveValue("early@example.com");
});

test("on a slow phone, in English, Tab from the top reaches the served field in order, and an address typed and sent before the page is live is sent", async ({
  page,
}) => {
  await page.context().addCookies([{ name: "nu-forms-lang", value: "en", url: BASE_URL }]);
  await slowPhone(page);
  const shell = await hold(page, /\/assets\/index-[^/]+\.js/);
  const form = await hold(page, /\/elements\/chunks\/RecruitmentForm-[^/]+\.js/);
  await page.goto("/customer/recruitmentForm", { waitUntil: "commit" });
  const field = page.getByRole("combobox", { name: "E-mail address" });
  await expect(field).toBeVisible();
  const stops: string[] = [];
  while (stops.length < 6 && stops.at(-1) !== "field") {
    await page.keyboard.press("Tab");
    stops.push(
      await page.evaluate(() => {
        const focused = document.activeElement;
        if (focused?.matches(".first-step-preview input")) return "field";
        if (focused?.closest("footer")) return "footer";
        return focused?.textContent?.trim() || focused?.localName || "";
      }),
    );
  }
  // The header's brand link and language switch, then the form: never round the footer first.
  expect(stops).toEqual(["BabyNu Nutrition", "中文", "简体", "field"]);
  const email = uniqueEmail("early-send");
  await page.keyboard.type(email);
  // Enter: the form's own submission (a reload with the address in the URL) is stopped, and kept.
  await page.keyboard.press("Enter");
  await expect(page.locator(".first-step-preview").getByRole("status")).toHaveText("Sending…");
  expect(new URL(page.url()).search).toBe("");
  shell.release();
  await form.held;
  form.release();
  await expect(page.locator(".first-step-preview")).toHaveCount(0);
  // The live step sent the code to the address typed before it was there.
  await expect(page.getByRole("textbox", { name: /code/i })).toBeVisible({ timeout: 15_000 });
  expect(await outboxCode({ email })).toMatch(/^\d{6}$/);
});

test("no script is requested before the first paint (server/html.ts), and the step then goes live", async ({
  page,
}) => {
  const violations = await collectCspViolations(page);
  await page.goto("/customer/nuForm");
  await nuFormReady(page);
  const order = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(order.firstPaint).not.toBeNull();
  expect(order.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...order.scripts)).toBeGreaterThanOrEqual(order.firstPaint as number);
  expect(await violations()).toEqual([]);
});

test("the live step takes the picture's place box for box: no layout shift, and the largest paint stays the served one", async ({
  page,
}) => {
  const violations = await collectCspViolations(page);
  await observe(page);
  const nuForm = await hold(page, /\/elements\/chunks\/NuForm-[^/]+\.js/);
  await page.goto("/customer/nuForm", { waitUntil: "domcontentloaded" });
  await nuForm.held;
  // The shell is up and has placed the element behind the picture, which still shows: the very
  // nodes the HTML brought (taken over, not drawn again).
  await expect(page.locator("nu-form")).toHaveClass(/form-behind-preview/);
  await expect(page.locator(".first-step-preview .nu-step-intro")).toBeVisible();
  expect(
    await page.evaluate(
      () => document.querySelector(".first-step-preview .nu-step-intro") === window.__served.intro,
    ),
  ).toBe(true);
  const picture = await boxes(page, "picture");
  nuForm.release();
  await nuFormReady(page);
  await expect(page.locator(".first-step-preview")).toHaveCount(0);
  await expect(page.locator("nu-form")).not.toHaveClass(/form-behind-preview/);
  expect(await boxes(page, "element")).toEqual(picture);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const result = await page.evaluate(() => ({
    shifts: window.__paintShifts,
    lastLcp: window.__paintLcp.at(-1)?.element?.outerHTML.slice(0, 80),
    // One of the served picture's own nodes (its intro or its notes), or the served h1.
    lastLcpIsServed: ((element) =>
      Boolean(element && (window.__served.picture?.contains(element) || element === window.__served.h1)))(
      window.__paintLcp.at(-1)?.element,
    ),
    lcpEntries: window.__paintLcp.length,
    sameFrame:
      document.querySelector("main h1") === window.__served.h1 &&
      document.querySelector("header.site-header") === window.__served.header &&
      document.querySelector("footer.site-footer") === window.__served.footer,
    headers: document.querySelectorAll("header.site-header").length,
  }));
  expect(result.shifts).toEqual([]);
  // The live step painted nothing larger than the picture did: the LCP is the HTML's own text.
  expect(result.lastLcpIsServed, result.lastLcp).toBe(true);
  // The shell took the server's frame over (hydrated): the same nodes, not a second copy.
  expect(result.sameFrame).toBe(true);
  expect(result.headers).toBe(1);
  expect(await violations()).toEqual([]);
  // Live: the real field takes text.
  const email = page.getByRole("combobox", { name: "電郵地址" });
  await email.fill("live@example.com");
  await expect(email).toHaveValue("live@example.com");
});

test("a tap on the language switch before the page is live is kept, not lost", async ({ page }) => {
  // The shell (which makes the switch live) is held: the tap lands on the HTML's own frame.
  const shell = await hold(page, /\/assets\/index-[^/]+\.js/);
  await page.goto("/customer/nuForm", { waitUntil: "domcontentloaded" });
  await shell.held;
  await page.getByRole("button", { name: "English" }).click();
  shell.release();
  await expect(page.getByRole("combobox", { name: "E-mail address" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // Once live, the switch is the shell's own: one tap, one change (the early listener is gone).
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
  await page.reload();
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
});

test("a customer who chose English gets the first paint in English; the live step takes its place box for box", async ({
  page,
}) => {
  await page.goto("/customer/nuForm");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("combobox", { name: "E-mail address" })).toBeVisible();

  await observe(page);
  // Every heading text the page shows, frame by frame: the shell must not draw Chinese first.
  await page.addInitScript(`(() => {
    const seen = (window.__h1Texts = []);
    const record = () => {
      const text = document.querySelector("main h1")?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  })()`);
  const nuForm = await hold(page, /\/elements\/chunks\/NuForm-[^/]+\.js/);
  const response = await page.reload({ waitUntil: "domcontentloaded" });
  const served = (await response?.text()) ?? "";
  expect(served).toContain('<html lang="en">');
  expect(served).toContain("<h1>Member registration</h1>");
  expect(served).not.toMatch(/會員登記|登記成為/);
  await nuForm.held;
  // The shell took the English frame over as served: nothing was drawn in Chinese in between.
  await expect(page.locator(".first-step-preview h2")).toHaveText("Sign in with your e-mail");
  expect(await page.evaluate(() => document.querySelector("main h1") === window.__served.h1)).toBe(true);
  await expect(page.locator("main h1")).toHaveText("Member registration");
  const picture = await boxes(page, "picture");
  nuForm.release();
  await expect(page.getByRole("combobox", { name: "E-mail address" })).toBeVisible();
  await expect(page.locator(".first-step-preview")).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  expect(await boxes(page, "element")).toEqual(picture);
  expect(await page.evaluate(() => window.__paintShifts)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __h1Texts: string[] }).__h1Texts)).toEqual([
    "Member registration",
  ]);

  // The staff pages follow the same choice from their first render.
  expect(await (await page.request.get("/staff/home")).text()).toContain('<html lang="en">');
  // Back to Chinese: the next page is drawn in Chinese again.
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();
  expect(await (await page.request.get("/customer/nuForm")).text()).toContain("<h1>會員登記</h1>");
});

test("the picture matches the live step at a desktop width too", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const nuForm = await hold(page, /\/elements\/chunks\/NuForm-[^/]+\.js/);
  await page.goto("/customer/nuForm", { waitUntil: "domcontentloaded" });
  await nuForm.held;
  const picture = await boxes(page, "picture");
  nuForm.release();
  await nuFormReady(page);
  await expect(page.locator(".first-step-preview")).toHaveCount(0);
  expect(await boxes(page, "element")).toEqual(picture);
});

test("a later step's page has the frame but no picture, and an unknown path neither", async ({ request }) => {
  const later = await (await request.get("/customer/nuForm/personInfoHK")).text();
  expect(later).toContain('<main class="page" aria-busy="true"><h1>會員登記</h1></main>');
  expect(later).not.toContain('class="first-step-preview"');
  const recruitment = await (await request.get("/customer/recruitmentForm")).text();
  expect(recruitment).toContain("<h1>媽媽會員招募</h1>");
  const unknown = await request.get("/customer/nuForm/nope");
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('<div id="app"></div>');
});

/**
 * The staff home: the server paints its frame (PageShell in the staff colours, 職員專區), empty,
 * since what goes in it depends on the stored session; the shell keeps those nodes while the
 * staff code loads, then the sign-in or the tools fill the frame below the heading.
 */
for (const signedIn of [false, true]) {
  test(`the staff home paints its frame from the HTML; ${signedIn ? "the tools then fill it" : "the sign-in then fills it, painting nothing larger,"} without a layout shift`, async ({
    page,
  }) => {
    if (signedIn) await storeStaffSession(page, "S001");
    const violations = await collectCspViolations(page);
    await observe(page);
    await page.addInitScript(() => {
      document.addEventListener("nu-host-live", () => {
        (window as unknown as { __live: boolean }).__live = true;
      });
    });
    const html = await (await page.request.get("/staff/home")).text();
    expect(html).toContain('<main class="page" aria-busy="true"><h1>職員專區</h1></main>');
    expect(html).not.toMatch(/<script type="module"/);

    const staffCode = await hold(page, /\/assets\/StaffPage-[^/]+\.js/);
    await page.goto("/staff/home", { waitUntil: "domcontentloaded" });
    await staffCode.held;
    // The shell is live and shows the frame while the staff code is held: the served nodes.
    await page.waitForFunction(() => (window as unknown as { __live?: boolean }).__live === true);
    expect(
      await page.evaluate(() => ({
        sameHeading: document.querySelector("main h1") === window.__served.h1,
        busy: document.querySelector("main")?.getAttribute("aria-busy"),
        headers: document.querySelectorAll("header.site-header").length,
      })),
    ).toEqual({ sameHeading: true, busy: "true", headers: 1 });
    staffCode.release();
    if (signedIn) await expect(page.getByRole("button", { name: /^核實客戶/ })).toBeVisible();
    else await expect(page.getByRole("textbox", { name: "職員編號" })).toBeEditable();
    await expect(page.locator("main")).not.toHaveAttribute("aria-busy");
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const result = await page.evaluate(() => ({
      shifts: window.__paintShifts,
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      lcp: window.__paintLcp.map(({ startTime, text }) => ({ startTime, text })),
    }));
    expect(result.shifts).toEqual([]);
    // The heading painted with the first frame. Signed out, nothing larger comes after it; the
    // tools' tiles are larger, and come with the staff code (they depend on the stored session).
    expect(result.lcp[0]).toEqual({ startTime: result.firstPaint, text: "職員專區" });
    if (!signedIn) expect(result.lcp).toHaveLength(1);
    expect(await violations()).toEqual([]);
  });
}

test("a customer page runs only the shell and prefetches home's chunk; staff pages and home get theirs preloaded", async ({
  page,
}) => {
  const hostScripts: string[] = [];
  const prefetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/assets/") || !url.pathname.endsWith(".js")) return;
    // `<link rel="prefetch">` fetches into the HTTP cache at low priority; it runs nothing.
    if (request.headers()["sec-purpose"] === "prefetch") prefetched.push(url.pathname);
    else hostScripts.push(url.pathname);
  });
  await page.goto("/customer/nuForm");
  await expect(page.getByRole("combobox", { name: "電郵地址" })).toBeEditable();
  await page.waitForLoadState("networkidle");
  expect(hostScripts).toHaveLength(1);
  expect(hostScripts[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  // Home's chunk is fetched ahead, so the brand link does not blank the page: the move to home
  // runs it from the cache.
  expect(prefetched).toEqual([expect.stringMatching(/^\/assets\/sitePages-[\w-]+\.js$/)]);
  await page.getByRole("link", { name: "BabyNu 營養" }).click();
  await expect(page.getByRole("link", { name: /^會員登記/ })).toBeVisible();
  expect(await homeChunkDeliveries(page)).toEqual(["", "cache"]);
  hostScripts.length = 0;

  const staffHtml = await (await page.request.get("/staff/home")).text();
  expect(staffHtml).toMatch(
    /<script data-after-paint="\/assets\/index-[\w-]+\.js \/assets\/StaffPage-[\w-]+\.js /,
  );
  await page.goto("/staff/home");
  await expect(page.getByRole("textbox", { name: "職員編號" })).toBeEditable();
  expect(hostScripts.some((path) => /^\/assets\/StaffPage-[\w-]+\.js$/.test(path))).toBe(true);

  // Home, maintenance and 404 are a chunk of their own too, preloaded on their URLs.
  const homeHtml = await (await page.request.get("/")).text();
  expect(homeHtml).toMatch(/<script data-warm="\/assets\/sitePages-[\w-]+\.js /);
  expect(homeHtml).not.toContain("StaffPage-");
});

test("a host page neither preloads nor fetches the brand pages' sign-in stand-in module: its element has a step", async ({
  page,
}) => {
  // The stand-in's own module (its `standIn` chunk is shared with the live flows).
  const standIn = (files: string[]) => files.filter((file) => /\/signInStandIn-[\w-]+\.js$/.test(file));
  const check = async (path: string, field: string, english = false) => {
    const html = await (await page.request.get(path)).text();
    expect(html.includes('<html lang="en">'), path).toBe(english);
    const preloads = /data-after-paint="([^"]+)"/.exec(html)?.[1].split(" ") ?? [];
    expect(preloads, path).toContain("/elements/nu-forms.js");
    expect(standIn(preloads), path).toEqual([]);

    const elementScripts: string[] = [];
    const listen = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/elements/")) elementScripts.push(url.pathname);
    };
    page.on("request", listen);
    await page.goto(path);
    await expect(page.getByRole("combobox", { name: field })).toBeEditable();
    await expect(page.locator(".first-step-preview")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    page.off("request", listen);
    expect(elementScripts, path).toContain("/elements/nu-forms.js");
    expect(standIn(elementScripts), path).toEqual([]);
  };
  await check("/customer/recruitmentForm", "電郵地址");
  await check("/customer/nuForm", "電郵地址");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("combobox", { name: "E-mail address" })).toBeVisible();
  await check("/customer/nuForm", "E-mail address", true);
});

test("the staff sign-in prefetches home's chunk at the lowest priority: its brand link does not wait for it", async ({
  page,
}) => {
  const prefetched: string[] = [];
  const loaded: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.includes("/sitePages-")) return;
    (request.headers()["sec-purpose"] === "prefetch" ? prefetched : loaded).push(url.pathname);
  });
  await page.goto("/staff/home");
  await expect(page.getByRole("textbox", { name: "職員編號" })).toBeEditable();
  await page.waitForLoadState("networkidle");
  expect(prefetched).toEqual([expect.stringMatching(/^\/assets\/sitePages-[\w-]+\.js$/)]);
  expect(loaded).toEqual([]);
  await page.getByRole("link", { name: "BabyNu 營養" }).click();
  await expect(page.getByRole("link", { name: /^會員登記/ })).toBeVisible();
  expect(await homeChunkDeliveries(page)).toEqual(["", "cache"]);
});
