/**
 * The engines suite's checks, written once for Firefox and WebKit (drivers.ts). Each gets a page
 * (`fresh`: a browser of its own, for checks that fail a download: a browser may remember it).
 */

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
      `return location.href + "\\n  shows: " + __nu.all("body, body *").filter(function(e){return !e.children.length && e.localName !== "script" && e.localName !== "style"}).map(__nu.text).filter(Boolean).join(" | ").slice(0, 600) + "\\n  log: " + window.__nuEngineLog.join("; ").slice(0, 600) + "\\n  undefined elements: " + __nu.all(":not(:defined)").map(function(e){return e.localName}).join(", ")`,
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
        servers.failNext(path, 0);
        servers.takeRequests();
        // The customer comes back (a new visit to the page; the page's 重新載入 does the same).
        await page.open("/customer/nuForm");
        await until(page, "the form after coming back", visible("combobox", "電郵地址"));
        const asked = servers.takeRequests().filter((url) => url.split("?")[0] === path);
        if (asked.length === 0) throw new Error(`${path} was never requested again`);
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
