/**
 * The npm package as a user gets it: `npm pack` → installed into a throwaway Vite React app, which
 * type-checks against the package's .d.ts, imports a React component, the framework-free core and
 * the element registration, and is built with Vite; and into a plain HTML page that loads the
 * element bundle (`nu-forms/bundle`) with a <script type="module">. Both render in Chromium.
 * Needs the build (dist/) that Playwright's web server made; the install uses npm's cache first.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { REPO_ROOT } from "./embed-helpers.ts";

const run = promisify(execFile);

/** The same versions the repository builds with, so npm can answer from its cache. */
function versionOf(name: string): string {
  return JSON.parse(readFileSync(resolve(REPO_ROOT, "node_modules", name, "package.json"), "utf8")).version;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
};

function serve(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = resolve(root, `.${path.endsWith("/") ? `${path}index.html` : path}`);
    if (!file.startsWith(root)) return res.writeHead(403).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((done) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      done({ server, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` });
    }),
  );
}

const APP_MAIN = `import { createRoot } from "react-dom/client";
import { RadioGroup } from "nu-forms";
import { isLeadRef, suggestEmails } from "nu-forms/core";
import "nu-forms/elements";

function App() {
  return (
    <main>
      <h1>Packed nu-forms</h1>
      <RadioGroup label="寶寶狀況" name="baby" options={["懷孕中", "寶寶已出生"]} value="懷孕中" />
      <p data-testid="core">{String(isLeadRef("NU4K7P2QXM"))} {suggestEmails("chan@gm")[0]}</p>
      <nu-card title="來自元素的卡片"><p>卡片內容</p></nu-card>
    </main>
  );
}

createRoot(document.getElementById("root")).render(<App />);
`;

const APP_TYPES = `import { RadioGroup, type RadioGroupProps, NuForm } from "nu-forms";
import { isLeadRef, type Lead } from "nu-forms/core";
import { runtime } from "nu-forms/elements";

const props: RadioGroupProps = { label: "x", options: ["a"], value: "a" };
const ok: boolean = isLeadRef("NU4K7P2QXM");
const lead: Pick<Lead, "id"> = { id: "NU4K7P2QXM" };
runtime.configure({ apiKey: "k" });
export { RadioGroup, NuForm, props, ok, lead };
`;

/** A program that only registers the elements still gets the events' types (docs/elements.md). */
const ELEMENTS_TYPES = `import "nu-forms/elements";

document.createElement("nu-form").addEventListener("nu-submit", (event) => {
  const leadId: string = event.detail.leadId;
  console.log(leadId);
});
document.addEventListener("nu-step", (event) => {
  const params: Record<string, string> | undefined = event.detail.params;
  console.log(event.detail.step, params);
});
document.addEventListener("nu-error", (event) => console.log(event.detail.code, event.detail.message));
`;

const PLAIN_PAGE = `<!doctype html>
<html lang="zh-Hant-HK">
  <head>
    <meta charset="utf-8">
    <title>Plain page</title>
    <script type="module" src="./nu-forms/nu-forms.js"></script>
    <script type="module" src="./page.js"></script>
  </head>
  <body>
    <main>
      <h1>Plain page</h1>
      <nu-radio-group id="plan" label="計劃" options='["基本", "進階"]'></nu-radio-group>
      <p id="chosen"></p>
    </main>
  </body>
</html>
`;

const PLAIN_SCRIPT = `document.getElementById("plan").addEventListener("nu-change", (event) => {
  document.getElementById("chosen").textContent = "已選：" + event.detail.value;
});
`;

test.describe("the packed npm package", () => {
  test.describe.configure({ timeout: 360_000 });
  let work = "";
  let site: { server: Server; url: string } | null = null;

  test.afterAll(async () => {
    site?.server.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test("installs into a Vite React app and a plain HTML page, and both render", async ({ page }) => {
    work = mkdtempSync(join(tmpdir(), "nu-forms-pack-"));
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", work], {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    const packed = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = packed[0].files.map((f) => f.path);
    // Only what users need: no sources, tests, server or demo.
    expect(files).toContain("custom-elements.json");
    expect(files).toContain("dist/elements/nu-forms.js");
    expect(files).toContain("dist/lib/index.d.ts");
    expect(files.filter((f) => /^(lib|server|e2e|demo|hosts|scripts)\//.test(f))).toEqual([]);
    const tarball = join(work, packed[0].filename);

    const app = join(work, "app");
    mkdirSync(join(app, "src"), { recursive: true });
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify({ name: "packed-app", private: true, type: "module" }),
    );
    await run(
      "npm",
      [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        tarball,
        `react@${versionOf("react")}`,
        `react-dom@${versionOf("react-dom")}`,
        `vite@${versionOf("vite")}`,
        `@vitejs/plugin-react@${versionOf("@vitejs/plugin-react")}`,
        `@types/react@${versionOf("@types/react")}`,
        `@types/react-dom@${versionOf("@types/react-dom")}`,
      ],
      { cwd: app, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
    );

    // Types: the package's .d.ts resolve through its `exports` (TypeScript of this repository).
    writeFileSync(join(app, "src", "types-check.ts"), APP_TYPES);
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          jsx: "react-jsx",
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
          lib: ["ES2023", "DOM"],
        },
        files: ["src/types-check.ts"],
      }),
    );
    const tsc = resolve(REPO_ROOT, "node_modules/typescript/bin/tsc");
    await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: app }).catch((error) => {
      throw new Error(`the package's types do not check:\n${error.stdout}${error.stderr}`);
    });
    writeFileSync(join(app, "src", "elements-types.ts"), ELEMENTS_TYPES);
    writeFileSync(
      join(app, "tsconfig.elements.json"),
      JSON.stringify({ extends: "./tsconfig.json", files: ["src/elements-types.ts"] }),
    );
    await run(process.execPath, [tsc, "-p", "tsconfig.elements.json"], { cwd: app }).catch((error) => {
      throw new Error(`"nu-forms/elements" alone does not type the events:\n${error.stdout}${error.stderr}`);
    });

    // The React app, built with Vite.
    writeFileSync(
      join(app, "index.html"),
      `<!doctype html><html lang="zh-Hant-HK"><head><meta charset="utf-8"><title>Packed app</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>`,
    );
    writeFileSync(join(app, "src", "main.jsx"), APP_MAIN);
    writeFileSync(
      join(app, "vite.config.js"),
      `import react from "@vitejs/plugin-react";\nexport default { plugins: [react()], logLevel: "error" };\n`,
    );
    await run(process.execPath, [join(app, "node_modules/vite/bin/vite.js"), "build"], {
      cwd: app,
      timeout: 120_000,
    });

    // The plain page: the bundle file copied from the installed package, as a site would host it.
    const plain = join(app, "dist", "plain");
    const installed = join(app, "node_modules", "nu-forms");
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    cpSync(dirname(join(installed, manifest.exports["./bundle"])), join(plain, "nu-forms"), {
      recursive: true,
    });
    writeFileSync(join(plain, "index.html"), PLAIN_PAGE);
    writeFileSync(join(plain, "page.js"), PLAIN_SCRIPT);

    site = await serve(join(app, "dist"));
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto(`${site.url}/`);
    await expect(page.getByRole("heading", { name: "Packed nu-forms" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "懷孕中" })).toBeChecked();
    await expect(page.getByTestId("core")).toHaveText("true chan@gmail.com");
    await expect(page.getByRole("heading", { name: "來自元素的卡片" })).toBeVisible();
    await expect(page.getByText("卡片內容")).toBeVisible();

    await page.goto(`${site.url}/plain/`);
    const advanced = page.getByRole("radio", { name: "進階" });
    await expect(advanced).toBeVisible();
    await advanced.check();
    await expect(page.locator("#chosen")).toHaveText("已選：進階");
    expect(errors).toEqual([]);
  });
});
