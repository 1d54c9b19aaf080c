/**
 * `npm run bench:web` (not part of `npm test`: it takes minutes). Builds for production, starts
 * the server, and measures in Chromium what a brand page pays for the elements:
 *
 * - every script a blank page with only the entry script and one element fetched until the
 *   element's first step is usable, with each file's gzip -9 and brotli -11 size and the
 *   Content-Encoding it actually came with;
 * - the cache headers of the entry, a hashed chunk and the HTML, and whether ETag gives 304;
 * - CLS on /demo/ at 390×844 (layout-shift entries from navigation until 4 s after `load`);
 * - the customer host pages' sign-in on a slow phone: when the field shows and goes live, whether
 *   what was typed at once is kept, and each interaction's latency (INP);
 * - Lighthouse (mobile defaults: simulated slow 4G, 4× CPU slowdown) on /customer/nuForm,
 *   /customer/recruitmentForm, /staff/home (signed out) and /demo/, with the `lighthouse`
 *   devDependency against the same Chromium: LIGHTHOUSE_RUNS runs per page (default 3, the pages
 *   alternating), each figure the median of its runs, with the LCP element and the load average
 *   around the runs (Lighthouse's TBT and LCP follow the load).
 *
 * and writes them into docs/performance.md between the BENCH:WEB markers, with date and machine.
 *
 *   npm run bench:web                       (build, server on BENCH_PORT or 8203)
 *   BENCH_URL=http://127.0.0.1:8203 npm run bench:web   (measure a server already running)
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { type Browser, chromium, type Page } from "playwright-core";

const root = resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 8203);
const API_KEY = process.env.API_KEY ?? "nu-forms-dev-key";
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

interface ScriptFigure {
  path: string;
  raw: number;
  gzip: number;
  brotli: number;
  encoding: string;
}

const kB = (n: number) => (n / 1000).toFixed(1);

function sizesOf(path: string): { raw: number; gzip: number; brotli: number } {
  const bytes = readFileSync(resolve(root, "dist", path.replace(/^\/elements\//, "elements/")));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The blank page of the issue: the entry script and one element, nothing else. */
function blankPage(body: string): string {
  return `<!doctype html><html lang="zh-Hant-HK"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>blank</title>
<link rel="icon" href="data:,"><script type="module" src="/elements/nu-forms.js"></script></head>
<body>${body}</body></html>`;
}

const FIRST_STEPS = [
  {
    name: "<nu-form> sign-in step",
    body: `<nu-form api-key="${API_KEY}"></nu-form>`,
    ready: (page: Page) => page.getByRole("combobox", { name: "電郵地址" }).waitFor(),
  },
  {
    name: '<nu-form lang="en"> sign-in step',
    body: `<nu-form lang="en" api-key="${API_KEY}"></nu-form>`,
    ready: (page: Page) => page.getByRole("combobox", { name: "E-mail address" }).waitFor(),
  },
  {
    name: "<nu-recruitment-form> sign-in step",
    body: `<nu-recruitment-form api-key="${API_KEY}"></nu-recruitment-form>`,
    ready: (page: Page) => page.getByRole("combobox", { name: "電郵地址" }).waitFor(),
  },
  {
    name: "<nu-staff-login> first screen",
    body: `<nu-staff-login api-key="${API_KEY}"></nu-staff-login>`,
    ready: (page: Page) => page.getByRole("button").first().waitFor(),
  },
];

async function firstStepScripts(
  page: Page,
  base: string,
  step: (typeof FIRST_STEPS)[number],
): Promise<ScriptFigure[]> {
  const encodings = new Map<string, string>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/elements/")) {
      encodings.set(url.pathname, response.headers()["content-encoding"] ?? "identity");
    }
  });
  await page.route(`${base}/__bench-blank`, (route) =>
    route.fulfill({ contentType: "text/html; charset=utf-8", body: blankPage(step.body) }),
  );
  // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
  await page.addInitScript(`(() => {
    const check = () => {
      const host = document.body && document.body.firstElementChild;
      if (host && host.shadowRoot && host.shadowRoot.querySelector("input, button")) window.__usableAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
  await page.goto(`${base}/__bench-blank`);
  await step.ready(page);
  // Only what was requested before the step was usable (the idle prefetch of later steps comes after):
  // the time the element first showed a control, on the page's own clock (for the flows, their
  // sign-in stand-in's e-mail field: lib/flows/shared/signInStandIn.ts).
  const usableAt = await page.evaluate(() => (window as unknown as { __usableAt: number }).__usableAt);
  const requested = await page.evaluate(
    (before) =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((e) => e.startTime <= before)
        .map((e) => new URL(e.name).pathname)
        .filter((path) => path.startsWith("/elements/") && path.endsWith(".js")),
    usableAt,
  );
  return [...new Set(requested)].map((path) => ({
    path,
    encoding: encodings.get(path) ?? "?",
    ...sizesOf(path),
  }));
}

async function cacheHeaders(base: string, chunk: string) {
  const headersOf = async (path: string, extra: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers: { "accept-encoding": "br, gzip", ...extra } });
    await res.arrayBuffer();
    return res;
  };
  const rows: string[] = [];
  for (const path of ["/elements/nu-forms.js", chunk, "/customer/nuForm"]) {
    const res = await headersOf(path);
    const etag = res.headers.get("etag");
    const again = etag ? await headersOf(path, { "if-none-match": etag }) : null;
    rows.push(
      `| \`${path}\` | ${res.headers.get("content-encoding") ?? "none"} | \`${res.headers.get("cache-control")}\` | ${res.headers.get("vary") ?? ""} | ${again ? again.status : "no ETag"} |`,
    );
  }
  return rows;
}

async function demoCls(page: Page, base: string): Promise<number> {
  await page.addInitScript(`(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  })()`);
  await page.goto(`${base}/demo/`, { waitUntil: "load" });
  await page.waitForTimeout(4000); // the measurement window of the issue: 4 s after load
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

interface SignInFigures {
  shows: number;
  live: number;
  kept: boolean;
  /** Each kind of interaction's slowest (Event Timing duration, ms): the INP candidates. */
  slowest: Record<string, number>;
}

const INTERACTION_KIND: Record<string, string> = {
  pointerdown: "tap",
  pointerup: "tap",
  click: "tap",
  keydown: "key",
  keyup: "key",
  keypress: "key",
  beforeinput: "key",
  input: "key",
};

/**
 * The sign-in step of a customer host page on Lighthouse's slow phone, applied through the DevTools
 * protocol (CPU ×4, 150 ms round trip, 1.6 Mbps down): when the e-mail field shows and when the
 * live step has taken over; whether an address tapped and typed the moment the field showed is in
 * the live field, focused; and the slowest tap and key of that typing and of a 發送電郵 pressed in
 * the live step (Event Timing: INP is the slowest interaction of a visit this short).
 */
async function signInResponsiveness(browser: Browser, base: string, path: string): Promise<SignInFigures> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.addInitScript(`(() => {
    const seen = (window.__interactions = []);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.interactionId) seen.push([e.name, e.duration]);
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  })()`);
  const email = `bench.${Date.now().toString(36)}@example.com`;
  const now = () => page.evaluate(() => performance.now());
  try {
    await page.goto(`${base}${path}`, { waitUntil: "commit" });
    const served = page.locator('input[type="email"]').first();
    await served.waitFor({ state: "visible" });
    const shows = await now();
    await served.tap();
    await page.keyboard.type(email);
    const live = page.locator("nu-form, nu-recruitment-form").locator('[data-step] input[type="email"]');
    await page.locator(".first-step-preview").waitFor({ state: "detached", timeout: 30_000 });
    const liveAt = await now();
    const kept = (await live.inputValue()) === email && (await live.evaluate((el) => el.matches(":focus")));
    await page.locator("nu-form, nu-recruitment-form").locator('button[part~="send-button"]').tap();
    // The code's field shows once the live step has sent: the whole press is in the figures.
    await page.getByRole("textbox", { name: /code|驗證碼/i }).waitFor({ timeout: 30_000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
    const seen = await page.evaluate(
      () => (window as unknown as { __interactions: [string, number][] }).__interactions,
    );
    const slowest: Record<string, number> = {};
    for (const [name, duration] of seen) {
      const kind = INTERACTION_KIND[name] ?? name;
      slowest[kind] = Math.max(slowest[kind] ?? 0, duration);
    }
    return { shows, live: liveAt, kept, slowest };
  } finally {
    await context.close();
  }
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
}

function lighthouse(url: string): LighthouseFigures | null {
  try {
    const out = execFileSync(
      "npx",
      [
        "--no-install",
        "lighthouse",
        url,
        "--output=json",
        "--quiet",
        "--only-categories=performance,accessibility",
        '--chrome-flags="--headless=new --no-sandbox"',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024, shell: true },
    ).toString();
    const report = JSON.parse(out);
    const audit = (id: string) => report.audits[id].numericValue as number;
    return {
      performance: report.categories.performance.score,
      accessibility: report.categories.accessibility.score,
      fcp: audit("first-contentful-paint"),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      lcpElement: String(
        report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.selector ??
          "?",
      ),
    };
  } catch (error) {
    console.warn(`lighthouse skipped for ${url}: ${(error as Error).message.split("\n")[0]}`);
    return null;
  }
}

async function startServer(): Promise<{ base: string; stop: () => void }> {
  if (process.env.BENCH_URL) return { base: process.env.BENCH_URL, stop: () => {} };
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  const child: ChildProcess = spawn("node", ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: "memory://",
      APP_ENV: "prod",
    },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(`${base}/api/maintenance`);
      return { base, stop: () => child.kill() };
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  child.kill();
  throw new Error("the server did not start");
}

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const lines: string[] = [];
  try {
    let aChunk = "";
    const tables = new Map<string, string>();
    for (const step of FIRST_STEPS) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const scripts = await firstStepScripts(page, server.base, step);
      await page.close();
      aChunk ||= scripts.find((s) => s.path.includes("/chunks/"))?.path ?? "";
      const total = scripts.reduce(
        (sum, s) => ({ gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli, raw: sum.raw + s.raw }),
        { gzip: 0, brotli: 0, raw: 0 },
      );
      lines.push(
        `**${step.name}**: ${scripts.length} scripts, **${kB(total.gzip)} kB gzip** (${kB(total.brotli)} kB brotli, ${kB(total.raw)} kB raw)`,
        "",
      );
      // A step that loads the very files of one above names it instead of repeating its table.
      const files = scripts
        .map((s) => s.path)
        .sort()
        .join(" ");
      const same = tables.get(files);
      if (same) {
        lines.push(`The same files as ${same}.`, "");
        continue;
      }
      tables.set(files, step.name);
      lines.push(
        "| script | raw kB | gzip kB | brotli kB | sent as |",
        "|---|---:|---:|---:|---|",
        ...scripts
          .sort((a, b) => b.gzip - a.gzip)
          .map((s) => `| \`${s.path}\` | ${kB(s.raw)} | ${kB(s.gzip)} | ${kB(s.brotli)} | ${s.encoding} |`),
        "",
      );
    }
    lines.push(
      "**Headers** (request with `Accept-Encoding: br, gzip`; last column: status of a second request with `If-None-Match`)",
      "",
      "| path | encoding | Cache-Control | Vary | revalidation |",
      "|---|---|---|---|---|",
      ...(await cacheHeaders(server.base, aChunk)),
      "",
    );
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const cls = await demoCls(page, server.base);
    await page.close();
    lines.push(`**CLS on /demo/** (390×844, navigation until 4 s after load): **${cls.toFixed(3)}**`, "");
    lines.push(
      "**Sign-in on a slow phone** (CPU ×4, 150 ms, 1.6 Mbps; typed as the field shows, then 發送電郵 live)",
      "",
      "| page | field shows s | live s | kept, focused | tap ms | key ms | INP ms |",
      "|---|---:|---:|---|---:|---:|---:|",
    );
    for (const path of ["/customer/nuForm", "/customer/recruitmentForm"]) {
      const f = await signInResponsiveness(browser, server.base, path);
      const inp = Math.max(0, ...Object.values(f.slowest));
      lines.push(
        `| \`${path}\` | ${(f.shows / 1000).toFixed(2)} | ${(f.live / 1000).toFixed(2)} | ${f.kept ? "yes" : "**no**"} | ${f.slowest.tap ?? "–"} | ${f.slowest.key ?? "–"} | ${inp} |`,
      );
    }
    lines.push("");
    const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
    const paths = ["/customer/nuForm", "/customer/recruitmentForm", "/staff/home", "/demo/"];
    const results = new Map<string, LighthouseFigures[]>(paths.map((p) => [p, []]));
    const loadBefore = os.loadavg()[0];
    for (let run = 0; run < runs; run++) {
      for (const path of paths) {
        const figures = lighthouse(`${server.base}${path}`);
        if (figures) results.get(path)?.push(figures);
      }
    }
    const loadAfter = os.loadavg()[0];
    lines.push(
      `**Lighthouse** (mobile defaults: simulated slow 4G, 4× CPU slowdown; median of ${runs} runs per page, the pages alternating; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)})`,
      "",
      "| page | performance | a11y | FCP s | LCP s | TBT ms | CLS | LCP element | each run: LCP s / TBT ms |",
      "|---|---:|---:|---:|---:|---:|---:|---|---|",
    );
    for (const [path, all] of results) {
      if (all.length === 0) continue;
      const median = (pick: (f: LighthouseFigures) => number) => {
        const sorted = all.map(pick).sort((a, b) => a - b);
        return sorted[Math.floor((sorted.length - 1) / 2)];
      };
      // "?": a run whose report names no LCP element.
      const elements = [
        ...new Set(all.map((f) => (f.lcpElement === "?" ? "(none named)" : `\`${f.lcpElement}\``))),
      ].join(", ");
      const each = all.map((f) => `${(f.lcp / 1000).toFixed(2)} / ${Math.round(f.tbt)}`).join("; ");
      lines.push(
        `| \`${path}\` | ${median((f) => f.performance)} | ${median((f) => f.accessibility)} | ${(median((f) => f.fcp) / 1000).toFixed(2)} | ${(median((f) => f.lcp) / 1000).toFixed(2)} | ${Math.round(median((f) => f.tbt))} | ${median((f) => f.cls).toFixed(3)} | ${elements} | ${each} |`,
      );
    }
    lines.push("");
  } finally {
    await browser.close();
    server.stop();
  }
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, ${execFileSync(CHROMIUM, ["--version"]).toString().trim()}; load average at the end ${load} (a shared machine: Lighthouse's TBT and LCP follow the load)`;
  const section = [
    "<!-- BENCH:WEB:START (written by npm run bench:web) -->",
    `Measured ${new Date().toISOString()} on ${machine}.`,
    "",
    ...lines,
    "<!-- BENCH:WEB:END -->",
  ].join("\n");
  const docPath = resolve(root, "docs/performance.md");
  const doc = readFileSync(docPath, "utf8");
  const marked = /<!-- BENCH:WEB:START[\s\S]*?BENCH:WEB:END -->/;
  writeFileSync(
    docPath,
    marked.test(doc)
      ? doc.replace(marked, section)
      : `${doc.trimEnd()}\n\n## Latest bench:web\n\n${section}\n`,
  );
  console.log(section);
}

await main();
