import { expect, inject, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "../../test/components/render.tsx";
import { Select } from "../widgets/Select.tsx";
import { baseSheet } from "./base.ts";

const runtime = inject("runtime");
const hoisted = () => document.querySelectorAll('style[data-precedence="nu-forms"]');

test("React 19 renders each sheet once into <head>; React 18 and the elements' Preact render none", async () => {
  const container = render(
    <>
      <Select label="地區" options={["九龍", "新界"]} />
      <Select label="分區" options={["油尖旺"]} />
    </>,
  );
  await expect.element(page.getByRole("combobox", { name: "分區" })).toBeVisible();
  // Adopted as before, on every runtime (the element's shadow root takes them the same way).
  expect(document.adoptedStyleSheets).toContain(baseSheet.get());
  expect(container.querySelector("style")).toBeNull();
  if (runtime === "react") {
    // The base sheet and the Select's: two, however many Selects render them.
    expect([...hoisted()].map((style) => style.parentElement?.localName)).toEqual(["head", "head"]);
    expect(hoisted()[0].textContent).toBe(baseSheet.cssText);
  } else {
    expect(hoisted()).toHaveLength(0);
  }
});

test.skipIf(runtime === "preact")("the server's HTML carries the styles on React 19, not on 18", async () => {
  const { renderToString } = await import("react-dom/server");
  const html = renderToString(<Select label="地區" options={["九龍", "新界"]} />);
  expect(html).toContain(">地區</label>");
  if (runtime === "react") {
    expect(html).toMatch(/^<style data-precedence="nu-forms" data-href="nu-\w+ nu-\w+">/);
    expect(html).toContain(".nu-select { min-width: 0; }");
  } else {
    expect(html).not.toContain("<style");
  }
});
