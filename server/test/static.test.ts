/**
 * How the static files go out: precompressed brotli/gzip chosen by Accept-Encoding,
 * hashed chunks cached for a year, the entry and the HTML revalidated by ETag, the element bundle
 * open to every origin (the API keeps its own origin check), and a favicon.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedEncodings } from "../static.ts";
import { API_KEY, startTestServer, type TestServer } from "./harness.ts";

let s: TestServer;
let distDir: string;
const chunk = `export const text = "${"nu-forms ".repeat(200)}";`;

function writeWithEncodings(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  fs.writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
}

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-dist-static-"));
  fs.mkdirSync(path.join(distDir, "hosts/assets"), { recursive: true });
  fs.mkdirSync(path.join(distDir, "elements/chunks"), { recursive: true });
  fs.writeFileSync(
    path.join(distDir, "hosts/index.html"),
    `<!doctype html><html><head><title>t</title><script type="module" crossorigin src="/assets/index-T1.js"></script></head><body><div id="app">${"<p>x</p>".repeat(100)}</div></body></html>`,
  );
  fs.writeFileSync(path.join(distDir, "hosts/favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The frame and sign-in step the host build renders from the components (build/render-first-paint.tsx).
  fs.writeFileSync(
    path.join(distDir, "hosts/first-paint.json"),
    execFileSync(process.execPath, ["--import", "tsx", "build/render-first-paint.tsx"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      encoding: "utf8",
    }),
  );
  writeWithEncodings(path.join(distDir, "elements/nu-forms.js"), `import "./chunks/flows-Ab12.js";${chunk}`);
  writeWithEncodings(path.join(distDir, "elements/chunks/flows-Ab12.js"), chunk);
  s = await startTestServer({ distDir, allowedOrigins: ["https://shop.example"] });
});

afterAll(async () => {
  await s?.stop();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${s.url}${p}`, { headers });

/** A GET of exactly this path (no URL normalisation on the way). */
function rawGet(p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${s.url}/`, { path: p }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("encodings", () => {
  it("parses Accept-Encoding: brotli first, q=0 refuses, * takes both", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip;q=1.0, br;q=0")).toEqual(["gzip"]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings("identity")).toEqual([]);
  });

  // fetch() decodes the body by its Content-Encoding: the text coming out right proves the bytes.
  it("sends the precompressed file the request accepts, with Vary", async () => {
    const br = await get("/elements/chunks/flows-Ab12.js", { "accept-encoding": "gzip, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(await br.text()).toBe(chunk);

    const gz = await get("/elements/chunks/flows-Ab12.js", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toBe(chunk);
    expect(gz.headers.get("etag")).not.toBe(br.headers.get("etag"));

    const plain = await get("/elements/chunks/flows-Ab12.js", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(chunk);
  });

  it("compresses HTML pages too", async () => {
    const page = await get("/customer/nuForm", { "accept-encoding": "br" });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(await page.text()).toContain("nu-forms:api-key");
  });

  it("never serves the .br/.gz files by their own names", async () => {
    expect((await get("/elements/chunks/flows-Ab12.js.br")).status).toBe(404);
  });

  it("serves nothing outside the folder a path names", async () => {
    // Sent as written: fetch() would resolve the dots itself.
    for (const where of [
      "/elements/..%2fhosts/index.html",
      "/elements/%2e%2e/hosts/favicon.svg",
      "/elements/chunks/..%5c..%5chosts%5cfavicon.svg",
      "/assets/%2e%2e%2f%2e%2e%2fhosts%2ffavicon.svg",
    ]) {
      const answer = await rawGet(where);
      expect(answer.status, where).toBe(404);
      expect(answer.body, where).not.toContain("<svg");
    }
  });
});

describe("caching", () => {
  it("caches content-hashed chunks for a year, immutable", async () => {
    const res = await get("/elements/chunks/flows-Ab12.js");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("revalidates the entry and the HTML with their ETag (304)", async () => {
    for (const p of ["/elements/nu-forms.js", "/customer/nuForm"]) {
      const first = await get(p, { "accept-encoding": "br" });
      expect(first.headers.get("cache-control"), p).toBe("no-cache");
      const etag = first.headers.get("etag") as string;
      expect(etag, p).toMatch(/^".+"$/);
      const again = await get(p, { "accept-encoding": "br", "if-none-match": etag });
      expect(again.status, p).toBe(304);
      expect(await again.text(), p).toBe("");
    }
  });
});

describe("a new build", () => {
  it("gives a rewritten file a new ETag, and a revalidation its new bytes", async () => {
    const file = path.join(distDir, "elements/nu-forms.js");
    const kept = fs.readFileSync(file, "utf8");
    const plain = { "accept-encoding": "identity" };
    try {
      const old = (await get("/elements/nu-forms.js", plain)).headers.get("etag") as string;
      fs.writeFileSync(file, `${kept}\nexport const release = 2;`);
      const again = await get("/elements/nu-forms.js", { ...plain, "if-none-match": old });
      expect(again.status).toBe(200);
      expect(again.headers.get("etag")).not.toBe(old);
      expect(await again.text()).toContain("release = 2");
    } finally {
      fs.writeFileSync(file, kept);
    }
  });
});

describe("CORS for the element bundle", () => {
  it("lets a page of any origin, or of none, load the public bundle", async () => {
    for (const origin of ["https://shop.example", "https://unlisted.example", "null"]) {
      for (const path of ["/elements/nu-forms.js", "/elements/chunks/flows-Ab12.js"]) {
        const answer = await get(path, { origin });
        expect(answer.headers.get("access-control-allow-origin"), `${path} ${origin}`).toBe("*");
        expect(answer.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
        expect(answer.headers.get("vary")).toBe("Accept-Encoding");
      }
    }
  });

  it("keeps them on a 304, which a browser checks again", async () => {
    const first = await get("/elements/nu-forms.js", { origin: "https://unlisted.example" });
    const again = await get("/elements/nu-forms.js", {
      origin: "https://unlisted.example",
      "if-none-match": first.headers.get("etag") as string,
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
    expect(again.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(again.headers.get("cache-control")).toBe("no-cache");
  });

  it("still refuses an unlisted origin at the API", async () => {
    const answer = await get("/api/product_image", {
      origin: "https://unlisted.example",
      "x-api-key": API_KEY,
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
  });
});

/** What a page the server writes without a starter downloads ahead (server/html.ts, WARM_SCRIPT). */
function warmed(html: string): string[] {
  return /<script data-warm="([^"]+)">/.exec(html)?.[1].split(" ") ?? [];
}

/** What a page that paints from its HTML starts after that paint (server/html.ts, AFTER_PAINT_SCRIPT). */
function startedAfterPaint(html: string): string[] {
  return /<script data-after-paint="([^"]+)"/.exec(html)?.[1].split(" ") ?? [];
}

describe("modulepreload", () => {
  it("HTML pages preload the entry and, on a flow's route, its first step's chunks (the host's list: no stand-in)", async () => {
    fs.writeFileSync(
      path.join(distDir, "elements/first-steps.json"),
      JSON.stringify({
        "nu-form": ["chunks/flows-Ab12.js", "chunks/standIn-Cd34.js", "nu-forms.js"],
        "nu-form host": ["chunks/flows-Ab12.js", "nu-forms.js"],
      }),
    );
    const flowPage = await get("/customer/nuForm");
    const flow = await flowPage.text();
    // A customer page paints from its HTML (server/html.ts): it requests its scripts only
    // after that paint, through the one inline starter its CSP allows (server/html.ts).
    expect(flow).not.toContain('<link rel="modulepreload"');
    expect(flow).not.toMatch(/<script type="module"/);
    const starter = /<script data-after-paint="([^"]+)">([^<]+)<\/script><\/body>/.exec(flow);
    expect(starter?.[1].split(" ")).toEqual([
      expect.stringMatching(/^\/assets\/index-.*\.js$/),
      "/elements/chunks/flows-Ab12.js",
      "/elements/nu-forms.js",
    ]);
    const scriptHash = `'sha256-${createHash("sha256")
      .update(starter?.[2] ?? "")
      .digest("base64")}'`;
    expect(flowPage.headers.get("content-security-policy")).toContain(`script-src 'self' ${scriptHash}`);
    const home = await (await get("/")).text();
    // Downloaded ahead with fetch(), never <link rel="modulepreload">: WebKit remembers a failed one.
    expect(warmed(home)).toContain("/elements/nu-forms.js");
    expect(home).not.toContain("modulepreload");
    expect(home).not.toContain("flows-Ab12");
  });

  it("staff pages preload the host's staff chunk, home, maintenance and 404 theirs (route-chunks.json); flow and staff pages prefetch home's", async () => {
    fs.writeFileSync(
      path.join(distDir, "hosts/route-chunks.json"),
      JSON.stringify({ "/staff": ["/assets/StaffPage-S1.js"], "/site": ["/assets/sitePages-P1.js"] }),
    );
    const staff = await (await get("/staff/verification")).text();
    expect(warmed(staff)).toContain("/assets/StaffPage-S1.js");
    // The staff home paints its frame from the HTML: the same chunks, started after that paint.
    const staffHome = await (await get("/staff/home")).text();
    expect(startedAfterPaint(staffHome)).toContain("/assets/StaffPage-S1.js");
    expect(staffHome).toMatch(/ data-prefetch="\/assets\/sitePages-P1\.js">/);
    expect(staff.indexOf("StaffPage-S1")).toBeLessThan(staff.indexOf("/elements/nu-forms.js"));
    // Home's chunk (the brand link) at the lowest priority, after the page's own.
    expect(staff).toMatch(/<link rel="prefetch" href="\/assets\/sitePages-P1\.js"><\/body>/);
    expect(warmed(staff)).not.toContain("/assets/sitePages-P1.js");
    for (const where of ["/", "/maintenance", "/no-such-page", "/customer/nuForm/no-such-step"]) {
      const page = await (await get(where)).text();
      expect(warmed(page), where).toContain("/assets/sitePages-P1.js");
      expect(page, where).not.toContain("StaffPage-S1");
    }
    // A flow page is all in the shell; after its first paint it prefetches home's chunk (the
    // brand link), through the starter (server/html.ts), never as a link in the HTML.
    for (const where of ["/customer/nuForm", "/customer/recruitmentForm/personInfo"]) {
      const flow = await (await get(where)).text();
      expect(flow, where).toMatch(
        /<script data-after-paint="[^"]+" data-prefetch="\/assets\/sitePages-P1\.js">/,
      );
      expect(flow, where).not.toMatch(/<link[^>]*sitePages|StaffPage-S1/);
    }
    // A brand page is not a host page: none of the host's chunks.
    const demo = await get("/demo/");
    expect(demo.status).toBe(200);
    const demoPage = await demo.text();
    expect(demoPage).toContain("<nu-form");
    expect(demoPage).not.toMatch(/StaffPage-S1|sitePages-P1/);
    // Its own module script loads the bundle: no second request for it (Firefox failed that one).
    expect(demoPage).toContain('<script type="module" src="/elements/nu-forms.js">');
    expect(warmed(demoPage)).toEqual([]);
    expect(demoPage).not.toContain("modulepreload");
  });
});

describe("the visitor's language (the nu-forms-lang cookie the language switch sets)", () => {
  const english = { cookie: "theme=dark; nu-forms-lang=en" };
  let served = "";
  beforeAll(() => {
    // The host page as the build writes it: the server draws the frame into the empty #app.
    served = fs.readFileSync(path.join(distDir, "hosts/index.html"), "utf8");
    fs.writeFileSync(
      path.join(distDir, "hosts/index.html"),
      '<!doctype html>\n<html lang="zh-HK"><head><title>nu-forms</title><script type="module" crossorigin src="/assets/index-T1.js"></script></head><body><div id="app"></div></body></html>',
    );
  });
  afterAll(() => {
    fs.writeFileSync(path.join(distDir, "hosts/index.html"), served);
  });

  it("draws a customer page's first paint in English, with the English sign-in texts preloaded", async () => {
    fs.writeFileSync(
      path.join(distDir, "elements/first-steps.json"),
      JSON.stringify({
        "nu-form": ["chunks/flows-Ab12.js", "nu-forms.js"],
        'nu-form lang="en"': ["chunks/en-En12.js", "chunks/flows-Ab12.js", "nu-forms.js"],
      }),
    );
    const answer = await get("/customer/nuForm", english);
    const page = await answer.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain("<h1>Member registration</h1>");
    expect(page).toContain('<button type="button" class="lang-switch" lang="zh-HK">中文</button>');
    expect(page).toContain('<nav aria-label="Site information">');
    expect(page).toContain("Sign in with your e-mail");
    expect(page).toContain("Privacy policy");
    expect(page).not.toMatch(/會員登記|登記成為|網站資訊/);
    const starter = /<script data-after-paint="([^"]+)"/.exec(page);
    expect(starter?.[1].split(" ")).toEqual([
      expect.stringMatching(/^\/assets\/index-.*\.js$/),
      "/elements/chunks/en-En12.js",
      "/elements/chunks/flows-Ab12.js",
      "/elements/nu-forms.js",
    ]);
    expect(answer.headers.get("vary")).toBe("Accept-Encoding, Cookie, Accept-Language");
    // The other language is another page: its ETag differs, so a cached Chinese copy is not reused.
    const chinese = await get("/customer/nuForm");
    expect(chinese.headers.get("etag")).not.toBe(answer.headers.get("etag"));
    const chineseText = await chinese.text();
    expect(chineseText).toContain("<h1>會員登記</h1>");
    expect(chineseText).not.toContain("en-En12");
  });

  it("fills the build's frame and sign-in step in: texts, language, brand and year, no marker left; the CSP allows the step's style", async () => {
    for (const [cookie, lang, title, sending] of [
      ["", "zh-HK", "以電郵登入", "發送中…"],
      ["nu-forms-lang=en", "en", "Sign in with your e-mail", "Sending…"],
    ] as const) {
      const answer = await get("/customer/nuForm", { cookie });
      const page = await answer.text();
      expect(page, lang).not.toContain("⟦");
      // A real form from the first frame (not inert, not hidden), in a page that is not busy.
      expect(page).toContain(`<div class="first-step-preview" data-sending="${sending}"><div lang="${lang}"`);
      expect(page).toContain('<main class="page"><h1>');
      expect(page).toContain(`>${title}</h2>`);
      expect(page).toContain(`<p>© ${new Date().getFullYear()} `);
      const style = /<style>([^<]*\.nu-step-title[^<]*)<\/style>/.exec(page)?.[1] ?? "";
      expect(style).toContain(".nu-step-title");
      const hash = `'sha256-${createHash("sha256").update(style).digest("base64")}'`;
      const styleSrc = answer.headers
        .get("content-security-policy")
        ?.split("; ")
        .find((directive) => directive.startsWith("style-src "));
      expect(styleSrc).toContain(hash);
    }
    // A later step's page has the frame and no picture.
    const later = await (await get("/customer/recruitmentForm/personInfo")).text();
    expect(later).toContain('<main class="page" aria-busy="true"><h1>媽媽會員招募</h1></main>');
    expect(later).not.toContain('class="first-step-preview"');

    // The staff home has its own frame, empty (the sign-in or the tools: only the browser knows
    // which), in the staff colours; the other staff pages have none.
    for (const [where, cookie, title] of [
      ["/staff/home", "", "職員專區"],
      ["/staff/HOME/", "", "職員專區"],
      ["/staff/home", "nu-forms-lang=en", "Staff area"],
    ] as const) {
      const page = await (await get(where, { cookie })).text();
      expect(page, where).toContain(
        `<div id="app"><div><div class="staff-area"><header class="site-header">`,
      );
      expect(page, where).toContain(`<main class="page" aria-busy="true"><h1>${title}</h1></main>`);
      expect(page, where).not.toContain("⟦");
      expect(page, where).not.toContain('class="first-step-preview"');
      expect(page, where).not.toMatch(/<script type="module"/);
    }
    const tool = await (await get("/staff/verification")).text();
    expect(tool).toContain('<div id="app"></div>');
  });

  it("gives the staff pages, home, maintenance and 404 English, and leaves other values Chinese", async () => {
    fs.writeFileSync(
      path.join(distDir, "elements/first-steps.json"),
      JSON.stringify({
        "nu-staff-login": ["chunks/Staff-S1.js", "chunks/zh-HK.later-Z1.js", "nu-forms.js"],
        'nu-staff-login lang="en"': [
          "chunks/Staff-S1.js",
          "chunks/en-E1.js",
          "chunks/en.later-E2.js",
          "nu-forms.js",
        ],
      }),
    );
    const staff = await (await get("/staff/home", english)).text();
    expect(staff).toContain('<html lang="en">');
    // The English texts the sign-in waits for are preloaded, and the Chinese ones are not.
    expect(startedAfterPaint(staff)).toContain("/elements/chunks/en.later-E2.js");
    expect(staff).not.toContain("zh-HK.later-Z1");
    expect(await (await get("/staff/home")).text()).toContain("zh-HK.later-Z1");
    // Every host page has the switch, so every one follows the choice (the shell draws their text).
    for (const where of ["/", "/maintenance", "/no-such-page"]) {
      const answer = await get(where, english);
      expect(answer.headers.get("vary"), where).toBe("Accept-Encoding, Cookie, Accept-Language");
      expect(await answer.text(), where).toContain('<html lang="en">');
      expect(await (await get(where)).text(), where).toContain('<html lang="zh-HK">');
    }
    for (const cookie of ["nu-forms-lang=fr", "nu-forms-lang=EN", "nu-forms-lang="]) {
      const page = await (await get("/customer/nuForm", { cookie })).text();
      expect(page, cookie).toContain('<html lang="zh-HK">');
    }
  });

  it("follows Accept-Language when the visitor chose nothing: zh-CN reads Simplified Chinese, a choice outweighs it", async () => {
    const mainland = { "accept-language": "fr;q=0.9, zh-CN, en;q=0.8" };
    const page = await (await get("/customer/nuForm", mainland)).text();
    expect(page).toContain('<html lang="zh-Hans">');
    expect(page).toContain("<h1>会员登记</h1>");
    expect(page).toContain("邮箱登录");
    expect(page).toContain('<button type="button" class="lang-switch" lang="zh-HK">繁體</button>');
    expect(page).not.toMatch(/會員登記|電郵/);
    expect(
      await (await get("/customer/nuForm", { "accept-language": "en-GB,zh-CN;q=0.5" })).text(),
    ).toContain('<html lang="en">');
    expect(await (await get("/customer/nuForm", { "accept-language": "zh-TW" })).text()).toContain(
      '<html lang="zh-HK">',
    );
    const chosen = await (
      await get("/customer/nuForm", { ...mainland, cookie: "nu-forms-lang=zh-HK" })
    ).text();
    expect(chosen).toContain('<html lang="zh-HK">');
    // The staff pages stay Traditional Chinese for it, and a counter tablet's browser language
    // does not pick theirs: only the staff member's own choice does.
    const staff = await (await get("/staff/home", { cookie: "nu-forms-lang=zh-Hans" })).text();
    expect(staff).toContain('<html lang="zh-HK">');
    expect(await (await get("/staff/home", { "accept-language": "en-US" })).text()).toContain(
      '<html lang="zh-HK">',
    );
    expect(await (await get("/staff/home", { cookie: "nu-forms-lang=en" })).text()).toContain(
      '<html lang="en">',
    );
  });
});

describe("favicon", () => {
  it("has one: /favicon.svg, and /favicon.ico leads to it", async () => {
    const svg = await get("/favicon.svg");
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml(;|$)/);
    const ico = await fetch(`${s.url}/favicon.ico`, { redirect: "manual" });
    expect(ico.status).toBe(301);
    expect(ico.headers.get("location")).toBe("/favicon.svg");
  });
});

describe("the demo brand's pages in production mode", () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await startTestServer({ distDir, production: true, smtpUrl: "smtp://127.0.0.1:9", seed: "none" });
  });
  afterAll(async () => {
    await prod?.stop();
  });

  it("are not served (404 like any unknown path); the images the brand and products use still are", async () => {
    for (const where of [
      "/demo",
      "/demo/",
      "/demo/widgets",
      "/demo/privacy.html",
      "/demo/index.html",
      "/demo/demo.js",
    ]) {
      const res = await fetch(`${prod.url}${where}`, { redirect: "manual" });
      expect(res.status, where).toBe(404);
      await res.arrayBuffer();
    }
    const image = await fetch(`${prod.url}/demo/img/product-stage1.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/svg/);
  });

  it("are served in demo mode", async () => {
    for (const where of ["/demo/", "/demo/widgets", "/demo/privacy.html"]) {
      const res = await fetch(`${s.url}${where}`);
      expect(res.status, where).toBe(200);
      await res.arrayBuffer();
    }
  });
});
