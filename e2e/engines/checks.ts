/**
 * The engines suite's checks, written once for Firefox and WebKit (drivers.ts). Each gets a page
 * (`fresh`: a browser of its own, for checks that fail a download: a browser may remember it).
 */

import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Lead } from "../../lib/core/types.ts";
import { api, apiLead, outboxCode, staffToken, uniqueEmail } from "../support/api.ts";
import { DEMO_PASSWORD } from "../support/env.ts";
import { testFetch } from "../support/fetch.ts";
import type { EnginePage } from "./drivers.ts";
import type { Servers } from "./harness.ts";

export interface Check {
  name: string;
  fresh?: boolean;
  run(page: EnginePage, servers: Servers): Promise<void>;
}

const TIMEOUT = 30_000;

/** Polls `body` (a page function body) until it returns something truthy. */
export async function until<T>(page: EnginePage, what: string, body: string, ...args: unknown[]): Promise<T> {
  const end = Date.now() + TIMEOUT;
  let last: unknown;
  for (;;) {
    try {
      last = await page.js(body, ...args);
      if (last) return last as T;
    } catch (error) {
      last = error instanceof Error ? error.message : error;
    }
    if (Date.now() > end) {
      throw new Error(
        `timed out waiting for ${what} (last: ${JSON.stringify(last)})\n${await pageState(page)}`,
      );
    }
    await new Promise((resume) => setTimeout(resume, 150));
  }
}

/** What the page shows and has logged, for a failure message. */
async function pageState(page: EnginePage): Promise<string> {
  try {
    return await page.js<string>(
      `return location.href + "\\n  shows: " + __nu.all("*").filter(function(e){return !e.children.length && e.localName !== "script" && e.localName !== "style" && __nu.visible(e)}).map(__nu.text).filter(Boolean).join(" | ").slice(0, 1200) + "\\n  log: " + window.__nuEngineLog.join("; ").slice(0, 600) + "\\n  undefined elements: " + __nu.all(":not(:defined)").map(function(e){return e.localName}).join(", ")`,
    );
  } catch (error) {
    return `(page state unreadable: ${error instanceof Error ? error.message : String(error)})`;
  }
}

const visible = (kind: string, name: string) =>
  `return !!(window.__nu && __nu.find(${JSON.stringify(kind)}, ${JSON.stringify(name)}))`;
const pageLog = "return window.__nu ? window.__nuEngineLog.slice() : null";

async function expectNoErrors(page: EnginePage, where: string): Promise<void> {
  const log = await page.js<string[]>(pageLog);
  if (log?.length) throw new Error(`${where}: ${log.join("; ")}`);
}

/** Every element on the page defined and drawn (no loading line left). */
const settled = `return window.__nu && !__nu.all(":not(:defined)").some(function(e){return e.localName.indexOf("nu-")===0}) && !__nu.all("[role=status]").some(function(e){return /^載入中/.test(__nu.text(e))})`;

const shows = (text: string) =>
  `return !!(window.__nu && __nu.all("p, span, div, li, dd, h1, h2, h3, [role=status], [role=alert]").some(function(e){return __nu.text(e).indexOf(${JSON.stringify(text)})>=0 && __nu.visible(e)}))`;
/** A page expression: the value of the field `__nu.find(kind, name)` finds (undefined without one). */
const fieldValue = (kind: string, name: string) =>
  `(function(){var e=window.__nu&&__nu.find(${JSON.stringify(kind)},${JSON.stringify(name)});return e?e.value:undefined})()`;
const pathIs = (pattern: RegExp) => `return ${pattern.toString()}.test(location.pathname)`;
/** A page expression: the element with the keyboard focus, inside open shadow roots. */
const focused =
  "(function(){var a=document.activeElement;while(a&&a.shadowRoot&&a.shadowRoot.activeElement)a=a.shadowRoot.activeElement;return a})()";

/**
 * A step moved to: its heading shown and focused. StepLayout focuses it once the step has painted,
 * and the focus scrolls it into view; a press sent before that may land where the page was (WebKit
 * on a busy machine: the press meant for 私隱政策 unticked 條款及細則, so 下一步 stayed on the terms).
 */
const stepShown = (title: string) =>
  `var h=window.__nu&&__nu.find("heading",${JSON.stringify(title)});return !!h&&h===${focused}`;

/** Today in Hong Kong plus `days`, as YYYY-MM-DD. */
function hkDay(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
const toEnGB = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;
/** The month after a day's, as YYYY-MM. */
function nextMonth(ymd: string): string {
  const [year, month] = ymd.split("-").map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
}
/** A calendar day button's name (widgets.date.dayLabel). */
const dayName = (ymd: string) => {
  const [year, month, day] = ymd.split("-").map(Number);
  return `${year}年${month}月${day}日`;
};

/**
 * Opens `path` as a first visit: WebKit's checks share one session, so a customer signed in by an
 * earlier check is forgotten first (both storages of the origin cleared, then the page again).
 */
async function openAsNewCustomer(page: EnginePage, path: string, options: { narrow?: boolean } = {}) {
  await page.open(path, options);
  await page.js("localStorage.clear(); sessionStorage.clear()");
  await page.open(path, options);
}

/**
 * The host page's live entry step: the served one takes text too but is swapped for the live one
 * when the scripts arrive, so a check that fills it must wait for the swap.
 */
const liveEntryStep = `return !document.querySelector(".first-step-preview") && (${visible("combobox", "電郵地址").replace(/^return /, "")})`;

/** E-mail → 發送電郵 → the code from the server's dev outbox → 驗證, on the entry step already shown. */
async function signIn(page: EnginePage, servers: Servers, email: string): Promise<void> {
  await page.fill("combobox", "電郵地址", email);
  // The e-mail suggestions may be open over the button below the field.
  await page.press("Escape");
  await page.click("button", "發送電郵");
  await until(page, "the code sent", shows(`驗證碼已發送至 ${email}`));
  const code = await outboxCode({ email }, servers.serverUrl);
  await page.fill("textbox", "驗證碼", code);
  await page.click("button", "/^驗證$/");
}

/** Names, phone and the address picked from the played-back lookup (淘大 → Block P). */
async function personalDetails(page: EnginePage, person: { last: string; first: string; phone: string }) {
  await until(page, "the personal details", stepShown("個人資料（香港）"));
  await page.fill("textbox", "姓氏", person.last);
  await page.fill("textbox", "名字", person.first);
  await page.fill("textbox", "電話號碼", person.phone);
  await page.fill("combobox", "大廈／屋苑名稱", "淘大");
  await until(page, "the address suggestion (P座)", visible("option", "P座"));
  await page.click("option", "P座");
  await until(
    page,
    "region and district from the pick",
    `return ${fieldValue("combobox", "/^區域/")}==="KLN" && ${fieldValue("combobox", "/^地區/")}==="KT"`,
  );
}

/** The terms step titled `title`: both documents ticked, then `submit`. */
async function acceptTerms(page: EnginePage, title: string, submit: string): Promise<void> {
  await until(page, "the terms", stepShown(title));
  await page.click("checkbox", "條款及細則");
  await page.click("checkbox", "私隱政策");
  await page.click("button", submit);
}

/** The member page's QR code drawn, and the reference beside it. */
async function memberReference(page: EnginePage): Promise<string> {
  const ref = await until<string>(
    page,
    "the member QR code and reference",
    `var img=__nu.all("img,[role=img]").filter(function(e){return /會員二維碼/.test(e.getAttribute("alt")||e.getAttribute("aria-label")||"")&&__nu.visible(e)&&(!("naturalWidth" in e)||e.complete&&e.naturalWidth>0)})[0];var ref=__nu.all("[data-testid=lead-ref]")[0];return img&&ref?__nu.text(ref):null`,
  );
  if (!/^NU[0-9A-HJKMNP-TV-Z]{8}$/.test(ref)) throw new Error(`the reference shown is ${ref}`);
  return ref;
}

export const CHECKS: Check[] = [
  {
    name: "six pages load with no console error, failed resource or script error",
    async run(page) {
      const pages: [string, string, string][] = [
        ["/", "heading", "BabyNu"],
        ["/customer/nuForm", "combobox", "電郵地址"],
        ["/customer/recruitmentForm", "combobox", "電郵地址"],
        ["/staff/home", "textbox", "職員編號"],
        ["/demo/", "combobox", "電郵地址"],
        ["/demo/widgets", "button", "預約日期"],
      ];
      for (const [path, kind, name] of pages) {
        await page.open(path);
        await until(page, `${name} on ${path}`, visible(kind, name));
        await until(page, `${path} settled`, settled);
        await expectNoErrors(page, path);
      }
    },
  },
  {
    name: "/demo/: the brand page's hostile CSS does not reach the form (16 px solid-bordered e-mail field)",
    async run(page) {
      // Before the journeys: WebKit's checks share one session, and this one wants the first step.
      await page.open("/demo/");
      await until(page, "the e-mail field", visible("combobox", "電郵地址"));
      const style = await page.js<string>(
        "var s=getComputedStyle(__nu.find('combobox','電郵地址'));return s.fontSize+' '+s.borderTopStyle",
      );
      // The page sets a 62.5 % root font size and 10px !important, borderless inputs.
      if (style !== "16px solid") throw new Error(`the e-mail field on /demo/ is ${style}`);
      await expectNoErrors(page, "/demo/");
    },
  },
  {
    name: "calendar: opens by mouse and keyboard, Escape and a press outside close it (nu-cancel)",
    async run(page) {
      await page.open("/demo/widgets");
      await until(page, "the date picker", visible("button", "預約日期"));
      const cancels = `return __nu.all('#event-log .event-line[data-source="date-empty"][data-type="nu-cancel"]').length`;
      const dialogOpen = `return __nu.all("dialog").some(function(d){return d.open})`;
      await page.click("button", "預約日期");
      await until(page, "the calendar open", dialogOpen);
      await page.press("Escape");
      await until(
        page,
        "the calendar closed by Escape",
        `return !__nu.all("dialog").some(function(d){return d.open})`,
      );
      await until(page, "one nu-cancel", `${cancels.replace("return ", "return 1===")}`);
      // Keyboard: the field has focus back; Enter opens, an arrow and Enter choose, 確定 confirms.
      await page.press("Enter");
      await until(page, "the calendar open by keyboard", dialogOpen);
      await page.press("ArrowRight");
      await page.press("Enter");
      await page.click("button", "確定");
      await until(
        page,
        "a chosen date (nu-change)",
        `return __nu.all('#event-log .event-line[data-source="date-empty"][data-type="nu-change"]').length===1`,
      );
      // A press outside the calendar (on its backdrop) cancels, as Escape does.
      await page.click("button", "預約日期");
      await until(page, "the calendar open again", dialogOpen);
      await page.clickAt(5, 5);
      await until(
        page,
        "the calendar closed by a press outside",
        `return !__nu.all("dialog").some(function(d){return d.open})`,
      );
      await until(page, "a second nu-cancel", `${cancels.replace("return ", "return 2===")}`);
      await expectNoErrors(page, "/demo/widgets");
    },
  },
  {
    name: "nuForm at phone width: e-mail code, residence, details with the address lookup, terms, product, member QR code",
    async run(page, servers) {
      await openAsNewCustomer(page, "/customer/nuForm", { narrow: true });
      await until(page, "the live e-mail field", liveEntryStep);
      const email = uniqueEmail("engines-nuform");
      await signIn(page, servers, email);
      await until(page, "the residence step", visible("radio", "香港"));
      await page.click("radio", "香港");
      await page.click("button", "下一步");
      await personalDetails(page, { last: "周", first: "子健", phone: "98765432" });
      await page.click("button", "下一步");
      await acceptTerms(page, "條款及細則（新會員）", "同意並提交");
      await until(page, "the product step", stepShown("選擇營養產品"));
      await until(page, "the products", visible("radio", "/./"));
      await page.click("radio", "/./");
      await page.click("button", "確認選擇");
      await memberReference(page);
      await expectNoErrors(page, "nuForm");
    },
  },
  {
    name: "recruitment form at phone width: e-mail code, details with the address lookup, terms, partner clinic, due date by keyboard and mouse, review, member QR code; the lead as staff read it",
    async run(page, servers) {
      await openAsNewCustomer(page, "/customer/recruitmentForm", { narrow: true });
      await until(page, "the live e-mail field", liveEntryStep);
      const email = uniqueEmail("engines-recruitment");
      await signIn(page, servers, email);
      await until(page, "its path", pathIs(/\/customer\/recruitmentForm\/personInfo$/));
      await personalDetails(page, { last: "吳", first: "詠詩", phone: "91112222" });
      await page.click("button", "下一步");
      await acceptTerms(page, "條款及細則", "下一步");
      await until(page, "the partner clinic step", stepShown("合作夥伴"));
      await until(page, "the clinics", visible("combobox", "合作夥伴診所"));
      await page.choose("合作夥伴診所", "綠蔭母嬰健康中心");
      await page.click("checkbox", "讓診所");
      await page.click("button", "下一步");

      await until(page, "the baby step", stepShown("寶寶資料"));
      await page.click("radio", "懷孕中");
      await until(page, "the due-date field", visible("button", "預產期"));
      // Keyboard: Tab from the status to the field, Enter opens on today, two arrows, Enter picks.
      await page.press("Tab");
      await until(page, "the due-date field focused", `return /預產期/.test(__nu.name(${focused}))`);
      await page.press("Enter");
      await until(page, "the calendar open by keyboard", `return !!__nu.find("dialog", "選擇日期")`);
      await until(
        page,
        "today's day focused",
        `return ${focused}.getAttribute("data-date")===arguments[0]`,
        hkDay(0),
      );
      await page.press("ArrowRight");
      await page.press("ArrowDown");
      await until(
        page,
        "the arrows' day focused",
        `return ${focused}.getAttribute("data-date")===arguments[0]`,
        hkDay(8),
      );
      await page.press("Enter");
      await until(page, "the day chosen by keyboard", shows(`已選擇：${toEnGB(hkDay(8))}`));
      await page.click("dialog button", "確定");
      await until(page, "the keyboard's date in the field", visible("button", toEnGB(hkDay(8))));
      // Mouse: the calendar opens on the chosen day's month; the next month's 15th replaces it.
      const due = `${nextMonth(hkDay(8))}-15`;
      await page.click("button", "預產期");
      await until(page, "the calendar open", `return !!__nu.find("dialog", "選擇日期")`);
      await page.click("dialog button", "下一個月");
      await page.click("dialog button", dayName(due));
      await until(page, "the day chosen by mouse", shows(`已選擇：${toEnGB(due)}`));
      await page.click("dialog button", "確定");
      await until(page, "the mouse's date in the field", visible("button", toEnGB(due)));
      await page.click("radio", "公立醫院");
      await until(page, "the hospitals", visible("combobox", "分娩醫院"));
      await page.choose("分娩醫院", "伊利沙伯醫院");
      await page.click("button", "下一步");

      await until(page, "the review", stepShown("確認資料"));
      await until(page, "the date on the review", shows(toEnGB(due)));
      await until(page, "the hospital on the review", shows("伊利沙伯醫院"));
      await page.click("button", "確認並提交");
      const ref = await memberReference(page);
      await expectNoErrors(page, "recruitment form");

      const token = await staffToken("A001", servers.serverUrl);
      const answer = await api<Lead>("GET", `/lead?id=${ref}&full=1`, { token, base: servers.serverUrl });
      const lead = answer.Data[0];
      const baby = lead?.baby;
      const got = JSON.stringify([
        lead?.email,
        lead?.clinic_id,
        baby?.status,
        baby?.date,
        baby?.hospital_type,
        baby?.hospital_id,
      ]);
      const want = JSON.stringify([email, "C02", "expecting", due, "Public", 3]);
      if (got !== want)
        throw new Error(
          `the lead ${ref} stored [e-mail, clinic, baby status, date, hospital type, hospital] ${got}, not ${want}`,
        );
    },
  },
  {
    name: "staff: S001 signs in with the demo password, looks up a lead made through the API, redeems it once",
    async run(page, servers) {
      const ref = await apiLead("engines-staff", { base: servers.serverUrl });
      await page.open("/staff/home");
      await until(page, "the staff sign-in", visible("textbox", "職員編號"));
      await page.fill("textbox", "職員編號", "S001");
      await page.fill("textbox", "密碼", DEMO_PASSWORD);
      await page.click("button", "/^登入$/");
      await until(page, "signed in", "return !/\\/staff\\/home$/.test(location.pathname)");
      await page.open("/staff/verification");
      await until(page, "the look-up field", visible("textbox", "登記編號"));
      await page.fill("textbox", "登記編號", ref);
      await page.click("button", "/^查詢$/");
      await until(page, "the lead's result page", pathIs(/\/staff\/result$/));
      // As for the customer steps (stepShown): a staff page reached from another focuses its heading
      // on arrival, and that scrolls; a press sent before it may land where the page was (WebKit in
      // CI, on the result page and on the redeem centre).
      await until(page, "the result page's heading focused", stepShown("核實結果"));
      await until(page, "the lead shown", visible("a[href], button", "前往兌換中心"));
      await page.click("a[href], button", "前往兌換中心");
      await until(page, "the redeem centre's heading focused", stepShown("兌換中心"));
      await until(
        page,
        "the redeem centre, its button ready",
        "var b=__nu.find('button','兌換會員禮品');return !!b&&!b.disabled&&b.getAttribute('aria-disabled')!=='true'",
      );
      await page.click("button", "兌換會員禮品");
      await until(page, "the confirmation", visible("dialog", "確認兌換"));
      await page.click("dialog button", "確認兌換");
      await until(page, "redeemed", shows("兌換成功："));
      await until(
        page,
        "no second redemption offered",
        `return !${visible("button", "兌換會員禮品").replace("return ", "")}`,
      );
      await expectNoErrors(page, "staff");
    },
  },
  {
    name: "the form's own chunk fails during the first load: 此部分未能載入, and 重試 brings the form",
    fresh: true,
    async run(page, servers) {
      const chunk = `/elements/chunks/${readdirSync(resolve(import.meta.dirname, "../../dist/elements/chunks")).find((f) => /^NuForm-[\w-]+\.js$/.test(f))}`;
      servers.failNext(chunk, 1000);
      await page.open("/customer/nuForm");
      await until(page, "the part's failure", shows("此部分未能載入"));
      servers.failNext(chunk, 0);
      // Marks this document: the part comes back in the page, not by a reload.
      await page.js("window.__nuSameDocument = true");
      await page.click("button", "重試");
      await until(page, "the form after 重試", visible("combobox", "電郵地址"));
      if (!(await page.js<boolean>("return window.__nuSameDocument === true")))
        throw new Error("重試 reloaded the page");
    },
  },
  ...(["/elements/nu-forms.js", "runtime"] as const).map(
    (failing): Check => ({
      name: `the bundle failed once (${failing === "runtime" ? "its runtime chunk" : "nu-forms.js"}): the customer comes back and gets the form`,
      fresh: true,
      async run(page, servers) {
        const path = failing === "runtime" ? await runtimeChunk(servers) : failing;
        // Every request for it fails during the first visit, as on a phone without network.
        servers.failNext(path, 1000);
        await page.open("/customer/nuForm");
        await until(
          page,
          "the failure shown",
          `return ${visible("any", "未能載入表格").replace("return ", "")} || ${visible("any", "此部分未能載入").replace("return ", "")}`,
        );
        // Forget the requests before the failures end, not after: the page's own retry may get the
        // file in between, and the visit below then takes it from the browser's cache.
        servers.takeRequests();
        servers.failNext(path, 0);
        // The customer comes back (a new visit to the page; the page's 重新載入 does the same).
        await page.open("/customer/nuForm");
        // The live step, not the served one: the served field shows before any script is asked for.
        await until(page, "the form after coming back", liveEntryStep);
        const asked = servers.takeRequests().filter((url) => url.split("?")[0] === path);
        if (asked.length === 0) throw new Error(`${path} was never requested once the failures ended`);
      },
    }),
  ),
];

async function runtimeChunk(servers: Servers): Promise<string> {
  const entry = await (await testFetch(`${servers.serverUrl}/elements/nu-forms.js`)).text();
  const name = /chunks\/runtime-[\w-]+\.js/.exec(entry)?.[0];
  if (!name) throw new Error("nu-forms.js names no runtime chunk");
  return `/elements/${name}`;
}
