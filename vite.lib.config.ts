import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import dts from "vite-plugin-dts";

/**
 * Two builds of lib/, chosen by `--mode`:
 * - `package` (default): the npm package in dist/lib — React components, element registration
 *   and the framework-free core, React left to the user (peer dependency), with .d.ts files.
 * - `elements`: the one-file element bundle dist/elements/nu-forms.js (plus the chunks it loads
 *   itself) that a brand site includes with a single <script type="module">, runtime included.
 *
 * The element bundle's runtime is chosen in one place: ELEMENT_RUNTIME below (see docs/performance.md).
 */
export const ELEMENT_RUNTIME: "react" | "preact" = "react";

const root = import.meta.dirname;

const preactAliases = {
  react: "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react-dom": "preact/compat",
  "react/jsx-runtime": "preact/jsx-runtime",
};

export default defineConfig(({ mode }) => {
  const production = { "process.env.NODE_ENV": JSON.stringify("production") };
  if (mode === "elements") {
    return {
      plugins: [react()],
      define: production,
      resolve: { alias: ELEMENT_RUNTIME === "preact" ? preactAliases : {} },
      build: {
        outDir: resolve(root, "dist/elements"),
        emptyOutDir: true,
        minify: true,
        sourcemap: true,
        target: "es2022",
        lib: {
          entry: { "nu-forms": resolve(root, "lib/elements/index.ts") },
          formats: ["es"],
          fileName: (_format, name) => `${name}.js`,
        },
        rollupOptions: { output: { chunkFileNames: "chunks/[name]-[hash].js" } },
      },
    };
  }
  return {
    plugins: [
      react(),
      dts({
        tsconfigPath: resolve(root, "tsconfig.json"),
        entryRoot: resolve(root, "lib"),
        include: ["lib"],
        exclude: ["lib/**/*.test.ts", "lib/**/*.test.tsx"],
        outDir: resolve(root, "dist/lib"),
      }),
    ],
    define: production,
    build: {
      outDir: resolve(root, "dist/lib"),
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      target: "es2022",
      lib: {
        entry: {
          index: resolve(root, "lib/index.ts"),
          elements: resolve(root, "lib/elements/index.ts"),
          core: resolve(root, "lib/core/index.ts"),
        },
        formats: ["es"],
      },
      rollupOptions: {
        external: [/^react($|\/)/, /^react-dom($|\/)/, /^@r2wc\//, "nanostores", /^@nanostores\//, "ky", /^dayjs/, "valibot", "qrcode", "jsqr"],
      },
    },
  };
});
