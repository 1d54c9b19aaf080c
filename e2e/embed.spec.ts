/**
 * Embedding for real: the brand page /demo/ is hostile (aggressive reset, content-box, !important
 * on inputs and buttons, 62.5 % root font size, inherited text styles, a clipped and transformed
 * container under a sticky header). The elements must work there, look the same as on a blank
 * page, leave the page's own styles alone, add nothing global, and take a brand theme through
 * --nu-* custom properties only. The server sends its strict CSP with every page here.
 */

import {
  collectCspViolations,
  compareScreenshots,
  ENTRY_HEADING,
  firstStepFiles,
  nuFormReady,
} from "./embed-helpers.ts";
import {
  acceptTerms,
  checkA11y,
  fillNamesAndPhone,
  heading,
  leadAsStaff,
  leadRefOnPage,
  signIn,
} from "./nuform-steps.ts";
import { staffToken, uniqueEmail } from "./support/api.ts";
import { API_KEY } from "./support/env.ts";
import { expect, type Locator, type Page, test } from "./support/test.ts";
import { dayName } from "./widgets-helpers.ts";

/** True when the point at the centre of `locator` hits the element itself (nothing clips or covers it). */
async function hitAtCentre(locator: ReturnType<Page["locator"]>): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const root = el.getRootNode() as Document | ShadowRoot;
    const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

test("a whole nuForm enrolment on the hostile brand page, under its CSP", async ({ page }) => {
  const violations = await collectCspViolations(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const email = uniqueEmail("embed-hostile");

  await page.goto("/demo/?theme=ocean");
  await nuFormReady(page);
  // The root font size of 62.5 % and the page's 10px !important inputs do not reach the form.
  const emailField = page.getByRole("combobox", { name: "電郵地址" });
  expect(await emailField.evaluate((el) => getComputedStyle(el).fontSize)).toBe("16px");
  expect(await emailField.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe("solid");

  // The e-mail suggestions are a dropdown in the top layer: not clipped by the page's container.
  await emailField.fill(email.replace(/@.*$/, "@g"));
  const suggestions = page.getByRole("listbox", { name: "電郵地址建議" });
  await expect(suggestions).toBeVisible();
  expect(await suggestions.evaluate((el) => el.matches(":popover-open"))).toBe(true);
  expect(await hitAtCentre(suggestions.getByRole("option").first())).toBe(true);
  await emailField.press("Escape");
  await expect(suggestions).toBeHidden();

  await signIn(page, email);
  await page.getByRole("radio", { name: "香港" }).check();
  await page.getByRole("button", { name: "下一步" }).click();

  await expect(heading(page, "個人資料（香港）")).toBeFocused();
  await fillNamesAndPhone(page, { lastName: "何", firstName: "嘉欣", phone: "98765432" });
  const building = page.getByRole("combobox", { name: "大廈／屋苑名稱" });
  await building.fill("淘大");
  const address = page.getByRole("option").filter({ hasText: "P座" }).first();
  await expect(address).toBeVisible();
  expect(await hitAtCentre(address)).toBe(true);
  await address.click();
  await expect(page.getByRole("combobox", { name: "地區", exact: true })).toHaveValue("KT");
  await page.getByRole("button", { name: "下一步" }).click();

  await expect(heading(page, "條款及細則（新會員）")).toBeVisible();
  await acceptTerms(page);
  await expect(heading(page, "選擇營養產品")).toBeVisible();
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "確認選擇" }).click();

  const ref = await leadRefOnPage(page);
  await checkA11y(page);
  const lead = await leadAsStaff(ref, await staffToken("A001"));
  expect(lead).toMatchObject({ flow: "nuform", email, residence: "HK" });
  expect(await violations()).toEqual([]);

  // The sign-in step's budgeted files (.size-limit.js) were loaded, and never staff code or jsQR.
  const elementScripts = [...new Set(scripts.filter((path) => path.startsWith("/elements/")))];
  const signInFiles = firstStepFiles("nu-form");
  expect(signInFiles.length).toBeGreaterThan(1);
  expect(signInFiles.filter((path) => !elementScripts.includes(path))).toEqual([]);
  expect(
    elementScripts.filter((path) => /\/(Staff|Redeem|Nutritionist|Invoice|jsQR)[^/]*\.js$/.test(path)),
  ).toEqual([]);
});

test("the calendar dialog and a dropdown work inside the clipped, transformed section", async ({ page }) => {
  await page.clock.setFixedTime(new Date("2026-12-30T10:00:00+08:00"));
  await page.goto("/demo/");
  await nuFormReady(page);
  const picker = page.locator("#visit-date");
  await picker.getByRole("button", { name: /預約日期/ }).click();
  const dialog = picker.getByRole("dialog", { name: "選擇日期" });
  await expect(dialog).toBeVisible();
  // A modal <dialog> in the top layer: the page's `dialog {position: absolute !important}`, the
  // section's overflow and transform and the sticky header (z-index 2147483647) cannot touch it.
  expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.width > 300 && box.y >= 0 && box.y + box.height <= viewport.height).toBe(
    true,
  );
  const day = dialog.getByRole("button", { name: dayName("2027-01-05"), exact: true });
  await dialog.getByRole("button", { name: "下一個月" }).click();
  expect(await hitAtCentre(day)).toBe(true);
  await day.click();
  await dialog.getByRole("button", { name: "確定" }).click();
  await expect(dialog).toBeHidden();

  await page.locator("#visit-shop").getByRole("combobox", { name: "門市" }).selectOption("旺角店");
  await page.getByRole("button", { name: "查詢預約" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已收到" })).toHaveText(
    "已收到：05/01/2027，旺角店。我們會致電確認。",
  );
});

/** Every element inside the form's shadow root: its computed style and its box relative to the host. */
async function shadowTree(form: Locator) {
  return form.evaluate((host) => {
    const origin = host.getBoundingClientRect();
    const found: Array<{ path: string; box: number[] | null; style: Record<string, string> }> = [];
    const walk = (parent: Element | ShadowRoot, path: string) => {
      for (const el of parent.children) {
        const here = `${path} > ${el.localName}${el.className ? `.${String(el.className).split(" ").join(".")}` : ""}`;
        const computed = getComputedStyle(el);
        const style: Record<string, string> = {};
        for (let i = 0; i < computed.length; i++) {
          const name = computed.item(i);
          style[name] = computed.getPropertyValue(name);
        }
        const r = el.getBoundingClientRect();
        const box =
          el.getClientRects().length > 0
            ? [r.left - origin.left, r.top - origin.top, r.width, r.height]
            : null;
        found.push({ path: here, box, style });
        walk(el, here);
      }
    };
    walk(host.shadowRoot as ShadowRoot, "");
    return found;
  });
}

test("the form renders the same on the hostile page as on a blank page", async ({ browser, baseURL }) => {
  // Two device pixels per CSS pixel and no scrolling: both pages put the form on whole pixels, so
  // the same layout paints the same pixels.
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 1200 },
    deviceScaleFactor: 2,
    locale: "zh-HK",
  });
  const page = await context.newPage();
  const look = async (path: string) => {
    await page.goto(path);
    const form = await nuFormReady(page);
    // The e-mail suggestions' list replaces its placeholder when their code arrives, at idle.
    await expect(form.locator("ul.nu-listbox")).toBeAttached();
    const at = await form.evaluate((el) => {
      (el as HTMLElement).style.width = "320px";
      const r = el.getBoundingClientRect();
      return { top: r.top, left: r.left, scrolled: window.scrollY };
    });
    expect(at.scrolled).toBe(0);
    expect(
      Number.isInteger(at.top) && Number.isInteger(at.left),
      `the form sits on whole pixels: ${JSON.stringify(at)}`,
    ).toBe(true);
    return {
      tree: await shadowTree(form),
      shot: await form.screenshot({ animations: "disabled", caret: "hide" }),
    };
  };
  try {
    const blank = await look("/demo/blank.html?theme=sunrise");
    const hostile = await look("/demo/?theme=sunrise");
    // Nothing of the page's CSS reached inside: every element has the same style and box.
    expect(hostile.tree.length).toBeGreaterThan(10);
    expect(hostile.tree).toEqual(blank.tree);
    const diff = await compareScreenshots(browser, blank.shot, hostile.shot);
    expect(diff.height, "the form is rendered").toBeGreaterThan(400);
    expect(diff.ratio, `${diff.differing} of ${diff.width}×${diff.height} pixels differ`).toBeLessThan(0.001);
  } finally {
    await context.close();
  }
});

const PAGE_PROBES = [
  [
    "body",
    ["font-family", "font-size", "font-style", "line-height", "letter-spacing", "color", "background-color"],
  ],
  [".brand-header", ["position", "z-index", "background-color", "padding-top", "transform"]],
  ["#hero-title", ["font-size", "font-weight", "line-height", "margin-bottom"]],
  [".join", ["overflow-x", "transform", "border-top-left-radius", "padding-top", "box-sizing"]],
  [
    "#visit-phone",
    ["width", "height", "border-top-style", "border-top-color", "font-size", "background-color"],
  ],
  [".visit-form button", ["display", "width", "background-color", "color", "font-size", "letter-spacing"]],
  [".theme-switch a", ["color", "text-decoration-line", "text-decoration-style"]],
] as const;

async function pageFingerprint(page: Page) {
  return page.evaluate(
    (probes) => {
      const styles: Record<string, string> = {};
      for (const [selector, properties] of probes) {
        const el = document.querySelector(selector);
        if (!el) throw new Error(`no ${selector}`);
        const computed = getComputedStyle(el);
        for (const property of properties)
          styles[`${selector} ${property}`] = computed.getPropertyValue(property);
      }
      return {
        styles,
        styleSheets: [...document.styleSheets].map((s) => s.href ?? `inline:${s.ownerNode?.nodeName}`),
        adoptedStyleSheets: document.adoptedStyleSheets.length,
        headElements: [...document.head.children].map((el) => el.outerHTML),
        windowNames: Object.getOwnPropertyNames(window).sort(),
      };
    },
    PAGE_PROBES as unknown as [string, string[]][],
  );
}

test("loading the elements changes none of the page's own styles and adds nothing global", async ({
  page,
}) => {
  // Before: the same page with the element bundle blocked.
  await page.route("**/elements/**", (route) => route.abort());
  await page.goto("/demo/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => customElements.get("nu-form"))).toBeUndefined();
  const before = await pageFingerprint(page);

  await page.unrouteAll({ behavior: "wait" });
  await page.goto("/demo/");
  await nuFormReady(page);
  await expect(page.locator("#visit-date").getByRole("button", { name: /預約日期/ })).toBeVisible();
  const after = await pageFingerprint(page);

  expect(after.styles).toEqual(before.styles);
  expect(after.styleSheets).toEqual(before.styleSheets);
  expect(after.adoptedStyleSheets).toBe(0);
  expect(after.headElements).toEqual(before.headElements);
  // The only global effect is customElements.define: no new names on window.
  expect(after.windowNames.filter((name) => !before.windowNames.includes(name))).toEqual([]);
});

test("two brand themes differ through --nu-* custom properties only", async ({ page, browser }) => {
  const look = async (theme: string) => {
    await page.goto(`/demo/?theme=${theme}`);
    const form = await nuFormReady(page);
    const host = await form.evaluate((el) => {
      const computed = getComputedStyle(el);
      const values: Record<string, string> = {};
      for (let i = 0; i < computed.length; i++) {
        const name = computed.item(i);
        values[name] = computed.getPropertyValue(name);
      }
      for (const name of ["--nu-color-primary", "--nu-radius", "--nu-space", "--nu-font"]) {
        values[name] = computed.getPropertyValue(name);
      }
      return values;
    });
    const button = page.getByRole("button", { name: "發送電郵" });
    const inside = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, radius: s.borderTopLeftRadius, font: s.fontFamily };
    });
    await form.evaluate((el) => {
      (el as HTMLElement).style.width = "320px";
    });
    // The same 320 × 200 px top of the form in both themes (a theme's spacing changes the form's
    // height, so whole-element shots could not be compared).
    await form.scrollIntoViewIfNeeded();
    const box = await form.boundingBox();
    if (!box) throw new Error("the form has no box");
    expect(box.height).toBeGreaterThanOrEqual(200);
    const shot = await page.screenshot({
      animations: "disabled",
      caret: "hide",
      clip: { x: box.x, y: box.y, width: 320, height: 200 },
    });
    return { host, inside, shot };
  };
  const sunrise = await look("sunrise");
  await checkA11y(page);
  const ocean = await look("ocean");
  await checkA11y(page);

  // Resolved values that follow the element's size (its content is taller in one theme) aside,
  // the element's own computed style differs in custom properties only.
  const sizeFollowing = [
    "height",
    "block-size",
    "width",
    "inline-size",
    "transform-origin",
    "perspective-origin",
  ];
  const differing = Object.keys(sunrise.host).filter(
    (name) => sunrise.host[name] !== ocean.host[name] && !sizeFollowing.includes(name),
  );
  expect(differing.length).toBeGreaterThan(0);
  expect(differing.filter((name) => !name.startsWith("--nu-"))).toEqual([]);
  expect(sunrise.inside.background).not.toBe(ocean.inside.background);
  expect(sunrise.inside.radius).not.toBe(ocean.inside.radius);
  expect(sunrise.inside.font).not.toBe(ocean.inside.font);
  const diff = await compareScreenshots(browser, sunrise.shot, ocean.shot);
  expect(diff.ratio).toBeGreaterThan(0.01);
  await expect(heading(page, ENTRY_HEADING)).toBeVisible();
});

test("the elements say which language their texts are in, whatever the page's own (WCAG 3.1.2)", async ({
  page,
  baseURL,
}) => {
  await page.route(`${baseURL}/english-brand-page`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Join us</title>
<link rel="icon" href="data:,"><meta name="nu-forms:api-key" content="${API_KEY}">
<script type="module" src="/elements/nu-forms.js"></script></head>
<body><main><h1>Join us</h1><nu-form></nu-form><nu-staff-login lang="en"></nu-staff-login></main></body></html>`,
    }),
  );
  await page.goto(`${baseURL}/english-brand-page`);
  await nuFormReady(page);
  // No lang attribute: the texts are zh-HK (the default), so the page's "en" must not reach them.
  await expect(page.locator('nu-form .nu-root[part~="flow"]')).toHaveAttribute("lang", "zh-HK");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.locator("nu-staff-login .nu-root").first()).toHaveAttribute("lang", "en");
  await page.locator("nu-form").evaluate((element) => element.setAttribute("lang", "en"));
  await expect(page.locator('nu-form .nu-root[part~="flow"]')).toHaveAttribute("lang", "en");
});
