/** The operator's brand: one JSON file and/or BRAND_* variables, written into every host page. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_BRAND } from "../../lib/core/brand.ts";
import { ConfigError, configFromEnv } from "../config.ts";
import { startTestServer, type TestServer } from "./harness.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-brand-"));
const file = (name: string, content: string) => {
  const full = path.join(dir, name);
  fs.writeFileSync(full, content);
  return full;
};
let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("brand configuration", () => {
  it("defaults to the demo brand, also as the mail sender", () => {
    const config = configFromEnv({});
    expect(config.brand).toEqual(DEMO_BRAND);
    expect(config.mailFrom).toBe('"BabyNu 營養" <no-reply@localhost>');
  });

  it("reads BRAND_FILE, and BRAND_* variables win over it", () => {
    const brandFile = file(
      "brand.json",
      JSON.stringify({
        name: "小樹苗",
        nameEn: "Little Sprout",
        primaryColor: "#005f73",
        termsUrl: "https://sprout.example/terms",
      }),
    );
    const config = configFromEnv({
      BRAND_FILE: brandFile,
      BRAND_NAME: "小樹苗營養",
      BRAND_CONTACT_URL: "tel:+852 2123 4567",
    });
    expect(config.brand).toEqual({
      ...DEMO_BRAND,
      name: "小樹苗營養",
      nameEn: "Little Sprout",
      primaryColor: "#005f73",
      termsUrl: "https://sprout.example/terms",
      contactUrl: "tel:+852 2123 4567",
    });
  });

  it("refuses a bad file, unknown fields and unsafe values, saying which", () => {
    expect(() => configFromEnv({ BRAND_FILE: file("bad.json", "{") })).toThrow(ConfigError);
    expect(() => configFromEnv({ BRAND_FILE: file("extra.json", '{"colour":"#000000"}') })).toThrow(/colour/);
    expect(() => configFromEnv({ BRAND_PRIVACY_URL: "javascript:alert(1)" })).toThrow(/privacyUrl/);
    expect(() => configFromEnv({ BRAND_PRIMARY_COLOR: "purple" })).toThrow(/primaryColor/);
  });

  it("writes the brand into the host pages: title, meta tags, and the logo's origin in the CSP", async () => {
    const { brand } = configFromEnv({
      BRAND_NAME: "小樹苗 <營養>",
      BRAND_LOGO_URL: "https://cdn.sprout.example/logo.svg",
    });
    // The host page template as the build copies it (the API suite also runs without a build).
    const distDir = path.join(dir, "dist");
    fs.mkdirSync(path.join(distDir, "hosts"), { recursive: true });
    fs.copyFileSync(
      path.join(import.meta.dirname, "../../hosts/index.html"),
      path.join(distDir, "hosts/index.html"),
    );
    server = await startTestServer({ brand, distDir });
    const res = await fetch(`${server.url}/customer/nuForm`);
    const html = await res.text();
    expect(html).toContain("<title>小樹苗 &lt;營養&gt;</title>");
    expect(html).toContain('<meta name="nu-brand:name" content="小樹苗 &lt;營養&gt;">');
    expect(html).toContain('<meta name="nu-brand:logo-url" content="https://cdn.sprout.example/logo.svg">');
    expect(html).toContain(`<meta name="nu-brand:privacy-url" content="${DEMO_BRAND.privacyUrl}">`);
    expect(res.headers.get("content-security-policy")).toContain(
      "img-src 'self' data: blob: https://cdn.sprout.example",
    );
  });

  it("draws the customer pages' frame (hosts/pages/PageShell.tsx, rendered by the build) with the brand's name, logo and links, leaving out what it has not", async () => {
    const { brand } = configFromEnv({
      BRAND_FILE: file(
        "frame.json",
        JSON.stringify({
          name: "小樹苗 <營養> $$",
          logoUrl: "",
          termsUrl: "",
          contactUrl: "https://sprout.example/contact?a=1&b=2",
        }),
      ),
    });
    const distDir = path.join(dir, "dist-frame");
    fs.mkdirSync(path.join(distDir, "hosts"), { recursive: true });
    fs.copyFileSync(
      path.join(import.meta.dirname, "../../hosts/index.html"),
      path.join(distDir, "hosts/index.html"),
    );
    fs.writeFileSync(
      path.join(distDir, "hosts/first-paint.json"),
      execFileSync(process.execPath, ["--import", "tsx", "build/render-first-paint.tsx"], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        encoding: "utf8",
      }),
    );
    await server?.stop();
    server = await startTestServer({ brand, distDir });
    const html = await (await fetch(`${server.url}/customer/recruitmentForm`)).text();
    const year = new Date().getFullYear();
    expect(html).toContain(
      `<header class="site-header"><a class="brand" href="/"><span>小樹苗 &lt;營養&gt; $$</span></a>`,
    );
    expect(html).toContain(
      `<ul><li><a href="${DEMO_BRAND.privacyUrl}" data-native>私隱政策</a></li><li><a href="https://sprout.example/contact?a=1&amp;b=2" data-native>聯絡我們</a></li></ul>`,
    );
    expect(html).toContain(`<p>© ${year} 小樹苗 &lt;營養&gt; $$</p></footer>`);
    expect(html).not.toMatch(/brand-logo|條款及細則|⟦/);
  });
});
