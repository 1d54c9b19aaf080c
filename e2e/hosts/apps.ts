/**
 * The small host apps of hosts.spec.ts, file by file: a React 19 app (strict TypeScript), a
 * Next.js 16 app (App Router: a Server Component page with the React export, the elements in a
 * client component; `next build` type-checks it), a Vue 3 app (vue-tsc, strict templates), a Svelte
 * 5 app (svelte-check), an Angular 21 app (ngc, strict templates) and a plain HTML page. Each shows `<nu-select>` with its options as a JSON
 * attribute string (which the frameworks set as a property) and as a list, and shows what its typed
 * `nu-change` handler received. The `wrong/` files hold one wrong prop (Angular: a wrong event
 * type) each, which the framework's checker must refuse.
 */

/** The page without the package that each weight is measured against: one plain select. */
const BASE_MARKUP = "<main><label>地區<select><option>九龍</option></select></label></main>";

/** The options every app shows: as JSON text (X, Y) and as a list (P, Q). */
const HEAD = (title: string) =>
  `<!doctype html><html lang="zh-Hant-HK"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title></head>`;
const page = (title: string, script: string, body = '<div id="app"></div>') =>
  `${HEAD(title)}<body>${body}<script type="module" src="${script}"></script></body></html>\n`;

const tsconfig = (extra: object, include: string[]) =>
  `${JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        isolatedModules: true,
        verbatimModuleSyntax: true,
        lib: ["ES2023", "DOM", "DOM.Iterable"],
        types: [],
        ...extra,
      },
      include,
    },
    null,
    2,
  )}\n`;

export const REACT_APP: Record<string, string> = {
  "index.html": page("React host", "/src/main.tsx"),
  // What a page pays for one React export, and the same app without it.
  "select.html": page("React Select", "/src/select.tsx"),
  "base.html": page("React base", "/src/base.tsx"),
  // A page whose own stylesheet would restyle every select it reaches.
  "hostile.html": `${HEAD("Hostile page")}<style>select, label, * { font-size: 30px !important; color: rgb(255, 0, 0) !important; font-family: serif !important; }</style><body><div id="app"></div><script type="module" src="/src/hostile.tsx"></script></body></html>\n`,
  "vite.config.ts": `import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
export default defineConfig({
  plugins: [react()],
  base: "./",
  logLevel: "error",
  build: { rollupOptions: { input: ["index.html", "select.html", "base.html", "hostile.html"] } },
});
`,
  "tsconfig.json": tsconfig({ jsx: "react-jsx", types: ["vite/client"] }, ["src"]),
  "src/nu-forms.d.ts": 'import type {} from "nu-forms/types/react";\n',
  "src/main.tsx": `import { useState } from "react";
import { createRoot } from "react-dom/client";
import { configure, RadioGroup } from "nu-forms";
import { isLeadRef, suggestEmails } from "nu-forms/core";
import { runtime } from "nu-forms/elements";

configure({ apiBase: "/api" });
runtime.configure({ apiBase: "/api" });

function App() {
  const [chosen, setChosen] = useState("");
  return (
    <main>
      <h1>React host</h1>
      <nu-select
        label="JSON 屬性"
        options='["X","Y"]'
        onnu-change={(event) => {
          const value: string = event.detail.value;
          setChosen(value);
        }}
      />
      <nu-select
        label="清單屬性"
        options={["P", "Q"]}
        ref={(element) => {
          if (element) element.dataset.ready = "true";
        }}
      />
      <p id="chosen">{chosen ? \`已選：\${chosen}\` : ""}</p>
      <RadioGroup label="寶寶狀況" name="baby" options={["懷孕中", "寶寶已出生"]} value="懷孕中" />
      <p id="core">{String(isLeadRef("NU4K7P2QXM"))} {suggestEmails("chan@gm")[0]}</p>
      <nu-card title="來自元素的卡片"><p>卡片內容</p></nu-card>
    </main>
  );
}

createRoot(document.getElementById("app")!).render(<App />);
`,
  "src/select.tsx": `import { createRoot } from "react-dom/client";
import { Select } from "nu-forms";

createRoot(document.getElementById("app")!).render(
  <main>
    <Select label="地區" options={["九龍", "新界"]} />
  </main>,
);
`,
  "src/base.tsx": `import { createRoot } from "react-dom/client";

createRoot(document.getElementById("app")!).render(${BASE_MARKUP});
`,
  "src/hostile.tsx": `import { createRoot } from "react-dom/client";
import { Select } from "nu-forms";
import "nu-forms/elements";

createRoot(document.getElementById("app")!).render(
  <main>
    <Select label="React 匯出" options={["九龍", "新界"]} />
    <nu-select label="元素" options={["九龍", "新界"]} />
  </main>,
);
`,
  "wrong/wrong.tsx": `import type {} from "nu-forms/types/react";
export const wrong = <nu-select options={42} />;
`,
  "tsconfig.wrong.json": tsconfig({ jsx: "react-jsx" }, ["wrong"]),
};

export const VUE_APP: Record<string, string> = {
  "index.html": page("Vue host", "/src/main.ts"),
  "base.html": page("Vue base", "/src/base.ts"),
  "vite.config.ts": `import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith("nu-") } } })],
  base: "./",
  logLevel: "error",
  build: { rollupOptions: { input: ["index.html", "base.html"] } },
});
`,
  "tsconfig.json": `${JSON.stringify(
    {
      ...JSON.parse(tsconfig({ jsx: "preserve", types: ["vite/client"] }, ["src"])),
      vueCompilerOptions: { strictTemplates: true },
    },
    null,
    2,
  )}\n`,
  "src/nu-forms.d.ts": 'import type {} from "nu-forms/types/vue";\n',
  "src/main.ts": `import { createApp } from "vue";
import "nu-forms/elements";
import App from "./App.vue";

createApp(App).mount("#app");
`,
  "src/App.vue": `<script setup lang="ts">
import { ref } from "vue";

const chosen = ref("");
const list = ["P", "Q"];
function pick(event: CustomEvent<{ value: string }>) {
  chosen.value = event.detail.value;
}
</script>

<template>
  <main>
    <h1>Vue host</h1>
    <nu-select label="JSON 屬性" options='["X","Y"]' @nu-change="pick" />
    <nu-select
      id="list"
      label="清單屬性"
      :options="list"
      :hidden="false"
      tabindex="-1"
      aria-describedby="chosen"
      data-track="list"
      part="list"
    />
    <p id="chosen">{{ chosen ? \`已選：\${chosen}\` : "" }}</p>
  </main>
</template>
`,
  "src/base.ts": `import { createApp, h } from "vue";

createApp({ render: () => h("main", [h("label", ["地區", h("select", [h("option", "九龍")])])]) }).mount("#app");
`,
  "wrong/nu-forms.d.ts": 'import type {} from "nu-forms/types/vue";\n',
  "wrong/Wrong.vue": `<script setup lang="ts"></script>

<template>
  <nu-select :options="42" />
</template>
`,
  "tsconfig.wrong.json": `${JSON.stringify(
    {
      ...JSON.parse(tsconfig({ jsx: "preserve" }, ["wrong"])),
      vueCompilerOptions: { strictTemplates: true },
    },
    null,
    2,
  )}\n`,
};

export const SVELTE_APP: Record<string, string> = {
  "index.html": page("Svelte host", "/src/main.ts"),
  "base.html": page("Svelte base", "/src/base.ts"),
  "vite.config.ts": `import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";
export default defineConfig({
  plugins: [svelte()],
  base: "./",
  logLevel: "error",
  build: { rollupOptions: { input: ["index.html", "base.html"] } },
});
`,
  "tsconfig.json": tsconfig({ types: ["vite/client", "svelte"] }, ["src"]),
  "src/nu-forms.d.ts": 'import type {} from "nu-forms/types/svelte";\n',
  "src/svelte.d.ts": `declare module "*.svelte" {
  import type { Component } from "svelte";
  const component: Component;
  export default component;
}
`,
  "src/main.ts": `import { mount } from "svelte";
import "nu-forms/elements";
import App from "./App.svelte";

mount(App, { target: document.getElementById("app")! });
`,
  "src/App.svelte": `<script lang="ts">
  let chosen = $state("");
  const list = ["P", "Q"];
</script>

<main>
  <h1>Svelte host</h1>
  <nu-select
    label="JSON 屬性"
    options={'["X","Y"]'}
    onnu-change={(event) => {
      const value: string = event.detail.value;
      chosen = value;
    }}
  ></nu-select>
  <nu-select label="清單屬性" options={list}></nu-select>
  <p id="chosen">{chosen ? \`已選：\${chosen}\` : ""}</p>
</main>
`,
  "src/base.ts": `import { mount } from "svelte";
import Base from "./Base.svelte";

mount(Base, { target: document.getElementById("app")! });
`,
  "src/Base.svelte": `${BASE_MARKUP}\n`,
  "wrong/nu-forms.d.ts": 'import type {} from "nu-forms/types/svelte";\n',
  "wrong/Wrong.svelte": `<script lang="ts"></script>

<nu-select options={42}></nu-select>
`,
  "wrong/tsconfig.json": tsconfig({ types: ["svelte"] }, ["."]),
};

/**
 * Angular 21, compiled ahead of time by its own compiler (`ngc`, strict templates) and bundled by
 * Vite: the Angular CLI's build would take most of CI's time for this one check. The CLI also
 * links Angular's own packages at build time; here Angular's JIT compiler does that in the page
 * (`@angular/compiler` in main.ts). The app's component is compiled ahead of time, as in a CLI app.
 */
const angularConfig = (include: string) =>
  `${JSON.stringify(
    {
      ...JSON.parse(tsconfig({ noEmit: false, outDir: "out", rootDir: include }, [include])),
      angularCompilerOptions: { strictTemplates: true, strictDomEventTypes: true },
    },
    null,
    2,
  )}\n`;

export const ANGULAR_APP: Record<string, string> = {
  "index.html": page("Angular host", "/out/main.js", "<app-root></app-root>"),
  "vite.config.ts": `import { defineConfig } from "vite";
export default defineConfig({ base: "./", logLevel: "error" });
`,
  "tsconfig.json": angularConfig("src"),
  "src/main.ts": `import "@angular/compiler";
import { bootstrapApplication } from "@angular/platform-browser";
import { App } from "./app";

bootstrapApplication(App).catch((error: unknown) => console.error(error));
`,
  "src/app.ts": `import { Component, CUSTOM_ELEMENTS_SCHEMA } from "@angular/core";
import "nu-forms/elements";

@Component({
  selector: "app-root",
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: \`<main>
    <h1>Angular host</h1>
    <nu-select label="JSON 屬性" options='["X","Y"]' (nu-change)="pick($event)"></nu-select>
    <nu-select label="清單屬性" [options]="list"></nu-select>
    <p id="chosen">{{ chosen ? "已選：" + chosen : "" }}</p>
  </main>\`,
})
export class App {
  list = ["P", "Q"];
  chosen = "";
  pick(event: CustomEvent<{ value: string }>) {
    this.chosen = event.detail.value;
  }
}
`,
  // Angular type-checks event bindings on elements (strictDomEventTypes), not property bindings:
  // the wrong program here takes \`nu-change\`'s detail as a number.
  "tsconfig.wrong.json": angularConfig("wrong"),
  "wrong/app.ts": `import { Component, CUSTOM_ELEMENTS_SCHEMA } from "@angular/core";
import "nu-forms/elements";

@Component({
  selector: "app-wrong",
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: \`<nu-select label="地區" (nu-change)="pick($event)"></nu-select>\`,
})
export class Wrong {
  pick(event: CustomEvent<{ value: number }>) {
    console.log(event.detail.value);
  }
}
`,
};

export const NEXT_APP: Record<string, string> = {
  // A static export, served at /next/ like the other apps' builds.
  "next.config.mjs": `/** @type {import("next").NextConfig} */
export default { output: "export", basePath: "/next", trailingSlash: true };
`,
  // As `next build` would complete it (it rewrites a tsconfig that lacks one of these).
  "tsconfig.json": `${JSON.stringify(
    {
      ...JSON.parse(
        tsconfig(
          {
            jsx: "react-jsx",
            allowJs: true,
            incremental: true,
            esModuleInterop: true,
            resolveJsonModule: true,
            plugins: [{ name: "next" }],
          },
          ["next-env.d.ts", "nu-forms.d.ts", "app", ".next/types/**/*.ts", ".next/dev/types/**/*.ts"],
        ),
      ),
      exclude: ["node_modules"],
    },
    null,
    2,
  )}\n`,
  "nu-forms.d.ts": 'import type {} from "nu-forms/types/react";\n',
  "app/layout.tsx": `import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = { title: "Next host", icons: "data:," };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-Hant-HK">
      <body>{children}</body>
    </html>
  );
}
`,
  // A Server Component: the React export renders here at build, and in the browser once hydrated.
  "app/page.tsx": `import { Select } from "nu-forms";
import { Elements } from "./elements";
import { Reported } from "./reported";

export default function Page() {
  return (
    <main>
      <h1>Next host</h1>
      <Reported>
        <Select label="地區" options={["九龍", "新界"]} />
      </Reported>
      <Elements />
    </main>
  );
}
`,
  "app/reported.tsx": `"use client";
import { type ReactNode, useEffect, useRef, useState } from "react";

// A Server Component cannot pass a function (onNuChange): the nu-change event bubbles to this one.
export function Reported({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [area, setArea] = useState("");
  useEffect(() => {
    const node = ref.current;
    const listener = (event: Event) => setArea((event as CustomEvent<{ value: string }>).detail.value);
    node?.addEventListener("nu-change", listener);
    return () => node?.removeEventListener("nu-change", listener);
  }, []);
  return (
    <div ref={ref}>
      {children}
      <p id="area">{area ? \`地區：\${area}\` : ""}</p>
    </div>
  );
}
`,
  "app/elements.tsx": `"use client";
import "nu-forms/elements";
import { useEffect, useState } from "react";

// React 19 sets no property or listener of a custom element it hydrates (facebook/react#35446):
// the elements are rendered by the client, once the page has hydrated.
export function Elements() {
  const [hydrated, setHydrated] = useState(false);
  const [chosen, setChosen] = useState("");
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <>
      <nu-select label="JSON 屬性" options='["X","Y"]' onnu-change={(event) => setChosen(event.detail.value)} />
      <nu-select label="清單屬性" options={["P", "Q"]} />
      <p id="chosen">{chosen ? \`已選：\${chosen}\` : ""}</p>
    </>
  );
}
`,
  // What a page pays for one React export, and the same app without it.
  "app/select/page.tsx": `import { Select } from "nu-forms";

export default function SelectPage() {
  return (
    <main>
      <Select label="地區" options={["九龍", "新界"]} />
    </main>
  );
}
`,
  "app/base/page.tsx": `export default function BasePage() {
  return ${BASE_MARKUP};
}
`,
  "wrong/wrong.tsx": REACT_APP["wrong/wrong.tsx"],
  "tsconfig.wrong.json": '{ "extends": "./tsconfig.json", "include": ["wrong"] }\n',
};

export const PLAIN_PAGE: Record<string, string> = {
  "index.html": `${HEAD("Plain page")}
  <script type="module" src="./nu-forms/nu-forms.js"></script>
  <script type="module" src="./page.js"></script>
  <body>
    <main>
      <h1>Plain page</h1>
      <nu-radio-group id="plan" label="計劃" options='["基本", "進階"]'></nu-radio-group>
      <p id="chosen"></p>
    </main>
  </body>
</html>
`,
  "page.js": `document.getElementById("plan").addEventListener("nu-change", (event) => {
  document.getElementById("chosen").textContent = "已選：" + event.detail.value;
});
`,
};
