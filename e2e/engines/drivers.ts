/**
 * One small page API over the two drivers that can run the Debian builds: puppeteer-core for
 * Firefox ESR (WebDriver BiDi) and selenium-webdriver with WebKitWebDriver for WebKitGTK's
 * MiniBrowser. The checks (checks.ts) are written once against it. Page code is sent as strings
 * (function bodies): the page's own look-ups are in page-helpers.js.
 */
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { Builder, By, Key, Origin, type WebDriver, type WebElement } from "selenium-webdriver";

export type EngineName = "firefox" | "webkit";

export interface EnginePage {
  readonly engine: EngineName;
  /** Opens a path of the proxy; `narrow`: a 390 px wide page (WebKit: in a same-origin iframe). */
  open(path: string, options?: { narrow?: boolean }): Promise<void>;
  /** Runs a function body in the page with `args` as `arguments`; returns its (JSON) result. */
  js<T = unknown>(body: string, ...args: unknown[]): Promise<T>;
  /** Presses on the centre of the element `__nu.find(kind, name)` finds (scrolled into view). */
  click(kind: string, name: string): Promise<void>;
  /** Presses at a point of the page's viewport. */
  clickAt(x: number, y: number): Promise<void>;
  /** Focuses the field, empties it (select + Backspace: WebKit's Clear sends no `input`), types. */
  fill(kind: string, name: string, text: string): Promise<void>;
  /** Chooses the option labelled `label` in the `<select>` `__nu.find("combobox", name)` finds. */
  choose(name: string, label: string): Promise<void>;
  /** Types into whatever has focus. */
  type(text: string): Promise<void>;
  press(key: "Enter" | "Escape" | "ArrowRight" | "ArrowDown" | "Tab" | "Space"): Promise<void>;
  close(): Promise<void>;
  /** Kills the browser (WebKit: the driver and its browser) when it stopped answering. */
  abandon(): void;
}

const FIND =
  "var e=__nu.find(arguments[0],arguments[1]);if(!e)return null;e.scrollIntoView({block:'center'});return e;";

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** Every Firefox launched, killed on exit: a launch that a check's deadline gave up on still ends. */
const launched = new Set<Browser>();
process.once("exit", () => {
  for (const browser of launched) browser.process()?.kill("SIGKILL");
});

export async function launchFirefox(): Promise<Browser> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: true,
    // The window's own size, not an emulated viewport: Puppeteer's setViewport also sends a
    // screen-orientation command that Firefox ESR 140 does not know (then every open fails).
    defaultViewport: null,
    args: ["--width=1280", "--height=900"],
    extraPrefsFirefox: { "intl.accept_languages": "zh-HK, zh, en", "ui.prefersReducedMotion": 1 },
    env: { ...process.env, TZ: "Asia/Hong_Kong" },
  });
  launched.add(browser);
  browser.once("disconnected", () => launched.delete(browser));
  return browser;
}

export async function firefoxPage(browser: Browser, base: string): Promise<EnginePage> {
  const context = await browser.createBrowserContext();
  const page: Page = await context.newPage();
  let narrow = false;
  const handle = async (kind: string, name: string) => {
    const found = await page.evaluateHandle(
      `(function(){${FIND}})(${JSON.stringify(kind)},${JSON.stringify(name)})`,
    );
    const element = found.asElement();
    if (!element) throw new Error(`no visible ${kind} named ${name}`);
    await steady(
      () => element.evaluate((e) => (window as unknown as PageHelpers).__nu.at(e as Element)),
      `${kind} ${name}`,
    );
    return element as ElementHandle<Element>;
  };
  return {
    engine: "firefox",
    async open(path, options = {}) {
      if (Boolean(options.narrow) !== narrow) {
        narrow = Boolean(options.narrow);
        await setViewport(page, narrow ? { width: 390, height: 844 } : null);
      }
      await page.goto(base + path, { waitUntil: "load" });
      if (narrow) await narrowWidth(page);
    },
    js: (body, ...args) =>
      page.evaluate(`(function(){${body}}).apply(null, ${JSON.stringify(args)})`) as Promise<never>,
    async click(kind, name) {
      await (await handle(kind, name)).click();
    },
    clickAt: (x, y) => page.mouse.click(x, y),
    async fill(kind, name, text) {
      const element = await handle(kind, name);
      await element.click();
      await element.evaluate((e) => (e as HTMLInputElement).select());
      await page.keyboard.press("Backspace");
      await page.keyboard.type(text);
    },
    async choose(name, label) {
      const element = await handle("combobox", name);
      const value = await element.evaluate(
        (e, wanted) => Array.from((e as HTMLSelectElement).options).find((o) => o.label === wanted)?.value,
        label,
      );
      if (value === undefined) throw new Error(`${name} has no option ${label}`);
      await (element as ElementHandle<HTMLSelectElement>).select(value);
    },
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key === "Space" ? " " : key),
    close: () => context.close(),
    abandon: () => void browser.process()?.kill("SIGKILL"),
  };
}

interface PageHelpers {
  __nu: { at(element: Element): string };
}

/**
 * Waits until the element stays where it is and is what the page has at its centre (two reads of
 * page-helpers.js `at` agree): a press sent while the page still moves lands on what moved there.
 */
async function steady(read: () => Promise<string>, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  let last = "";
  for (;;) {
    const now = await read();
    if (now === last && now.endsWith(" true")) return;
    if (Date.now() > end) throw new Error(`${what} did not hold still where a press reaches it (${now})`);
    last = now;
    await new Promise((resume) => setTimeout(resume, 50));
  }
}

/** page.setViewport, tolerating a Firefox without the screen-orientation command (ESR 140). */
async function setViewport(page: Page, viewport: { width: number; height: number } | null): Promise<void> {
  try {
    await page.setViewport(viewport);
  } catch (error) {
    if (!String(error).includes("setScreenOrientationOverride")) throw error;
  }
}

/** Waits for the page to be 390 px wide: Firefox may apply a new viewport after the next load. */
async function narrowWidth(page: Page): Promise<void> {
  const end = Date.now() + 10_000;
  for (;;) {
    const width = await page.evaluate("innerWidth");
    if (width === 390) return;
    if (Date.now() > end) throw new Error(`the page is ${width} px wide, not 390`);
    await new Promise((resume) => setTimeout(resume, 100));
  }
}

const KEYS = {
  Enter: Key.ENTER,
  Escape: Key.ESCAPE,
  ArrowRight: Key.ARROW_RIGHT,
  ArrowDown: Key.ARROW_DOWN,
  Tab: Key.TAB,
  Space: Key.SPACE,
} as const;

/**
 * How WebKit opens a narrow page: in a 390 px same-origin iframe (`frame`), or in MiniBrowser's
 * window at its narrowest, 447 px (`window`).
 */
const NARROW_WEBKIT = process.env.ENGINES_WEBKIT_NARROW === "frame" ? "frame" : "window";

export async function webkitPage(base: string): Promise<EnginePage> {
  const driver: WebDriver = await new Builder()
    .withCapabilities({
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": { binary: MINIBROWSER_PATH, args: ["--automation"] },
    })
    .usingServer(await webkitDriverUrl())
    .build();
  await driver.manage().window().setRect({ width: 1280, height: 900 });
  let windowWidth = 1280;
  const element = async (kind: string, name: string) => {
    const found = (await driver.executeScript(FIND, kind, name)) as WebElement | null;
    if (!found) throw new Error(`no visible ${kind} named ${name}`);
    await steady(
      () => driver.executeScript<string>("return __nu.at(arguments[0])", found),
      `${kind} ${name}`,
    );
    return found;
  };
  return {
    engine: "webkit",
    async open(path, options = {}) {
      await driver.switchTo().defaultContent();
      const width = options.narrow && NARROW_WEBKIT === "window" ? 447 : 1280;
      if (width !== windowWidth) {
        await driver.manage().window().setRect({ width, height: 900 });
        windowWidth = width;
      }
      if (!options.narrow || NARROW_WEBKIT === "window") return driver.get(base + path);
      await driver.get(`${base}/__engines/frame.html?width=390&src=${encodeURIComponent(path)}`);
      await driver.wait(
        async () =>
          (await driver.executeScript(
            "var f=document.getElementById('frame');return f.contentDocument&&f.contentDocument.readyState==='complete'&&f.contentWindow.__nu?true:false",
          )) === true,
        30_000,
      );
      await driver.switchTo().frame(0);
    },
    js: (body, ...args) => driver.executeScript(body, ...args) as Promise<never>,
    async click(kind, name) {
      const target = await element(kind, name);
      await driver.actions().move({ origin: target }).click().perform();
    },
    clickAt: (x, y) => driver.actions().move({ x, y, origin: Origin.VIEWPORT }).click().perform(),
    async fill(kind, name, text) {
      const target = await element(kind, name);
      await driver.actions().move({ origin: target }).click().perform();
      await driver.executeScript("arguments[0].select()", target);
      await driver.actions().sendKeys(Key.BACK_SPACE, text).perform();
    },
    async choose(name, label) {
      const target = await element("combobox", name);
      const options = await target.findElements(By.css("option"));
      for (const option of options) {
        if ((await option.getText()).trim() === label) return option.click();
      }
      throw new Error(`${name} has no option ${label}`);
    },
    type: (text) => driver.actions().sendKeys(text).perform(),
    press: (key) => driver.actions().sendKeys(KEYS[key]).perform(),
    close: () => driver.quit(),
    abandon: stopWebKitDriver,
  };
}

/**
 * WebKitWebDriver, started when a session needs it (it starts one MiniBrowser per session), in a
 * process group of its own: stopping it kills the MiniBrowser with it, and the next session
 * starts a new one.
 */
let webkitDriver: { url: string; stop(): void } | null = null;
async function webkitDriverUrl(): Promise<string> {
  if (webkitDriver) return webkitDriver.url;
  const { spawn } = await import("node:child_process");
  const { freePort } = await import("./harness.ts");
  const port = await freePort();
  const child = spawn("WebKitWebDriver", [`--port=${port}`, "--host=127.0.0.1"], {
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/status`)).ok) break;
    } catch {
      await new Promise((resume) => setTimeout(resume, 100));
    }
  }
  const group = child.pid as number;
  // Detached, it would outlive this process: stopped on any exit, a deadline's included.
  process.once("exit", stopWebKitDriver);
  webkitDriver = {
    url,
    stop: () => {
      try {
        process.kill(-group, "SIGKILL");
      } catch {
        // Already gone.
      }
    },
  };
  return url;
}

export function stopWebKitDriver(): void {
  webkitDriver?.stop();
  webkitDriver = null;
}
