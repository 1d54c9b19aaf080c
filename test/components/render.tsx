/**
 * Renders a component into the test page's document with whichever runtime the project aliased
 * `react-dom/client` to (react-dom 19, react-dom 18 or the element bundle's Preact: vitest.config.ts), and
 * unmounts it after each test. Assertions then wait with `expect.element`/`expect.poll`, as React
 * renders a root asynchronously and Preact synchronously.
 */
import type { ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach } from "vitest";

const mounted: Array<{ root: Root; container: HTMLElement }> = [];

export function render(ui: ReactNode): HTMLElement {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  root.render(ui);
  mounted.push({ root, container });
  return container;
}

afterEach(() => {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
});
