import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { createRoot } from "react-dom/client";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "./render.tsx";

/**
 * React's semantics that lib/ relies on, checked on every runtime the components run on: react-dom
 * 19 and 18, and the element bundle's Preact (reactOnPreact.ts, which must keep them).
 */

test("a text field's onChange is every keystroke; a checkbox's is its click", async () => {
  const typed: string[] = [];
  const ticked: boolean[] = [];
  render(
    <form>
      <label>
        Name
        <input onChange={(event) => typed.push(event.currentTarget.value)} />
      </label>
      <label>
        Agree
        <input type="checkbox" onChange={(event) => ticked.push(event.currentTarget.checked)} />
      </label>
    </form>,
  );
  await userEvent.type(page.getByRole("textbox", { name: "Name" }), "abc");
  expect(typed).toEqual(["a", "ab", "abc"]);
  await userEvent.click(page.getByRole("checkbox", { name: "Agree" }));
  expect(ticked).toEqual([true]);
});

test("onFocus and onBlur of a container see its children's focus (they bubble)", async () => {
  const seen: string[] = [];
  render(
    // biome-ignore lint/a11y/noStaticElementInteractions: the container only listens
    <div onFocus={() => seen.push("focus")} onBlur={() => seen.push("blur")}>
      <button type="button">inside</button>
    </div>,
  );
  await userEvent.click(page.getByRole("button", { name: "inside" }));
  await expect.poll(() => seen).toEqual(["focus"]);
  (document.activeElement as HTMLElement).blur();
  await expect.poll(() => seen).toEqual(["focus", "blur"]);
});

test("composition events keep their name; a keyboard event has nativeEvent", async () => {
  const seen: string[] = [];
  render(
    <form onCompositionEnd={() => seen.push("compositionend")}>
      <label>
        Name
        <input onKeyDown={(event) => seen.push(`keydown composing=${event.nativeEvent.isComposing}`)} />
      </label>
    </form>,
  );
  const input = page.getByRole("textbox", { name: "Name" });
  await userEvent.type(input, "x");
  (input.element() as HTMLInputElement).dispatchEvent(
    new CompositionEvent("compositionend", { bubbles: true }),
  );
  expect(seen).toEqual(["keydown composing=false", "compositionend"]);
});

test("SVG attributes written in camelCase reach the DOM in their SVG spelling", async () => {
  const container = render(
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 10h18" strokeWidth="2" strokeLinecap="round" />
    </svg>,
  );
  await expect.poll(() => container.querySelector("path")?.getAttribute("stroke-width")).toBe("2");
  expect(container.querySelector("path")?.getAttribute("stroke-linecap")).toBe("round");
  expect(container.querySelector("svg")?.getAttribute("viewBox")).toBe("0 0 24 24");
});

test("a store's new value re-renders its readers (useSyncExternalStore under useStore)", async () => {
  const $count = atom(0);
  function Count() {
    return <output>count {useStore($count)}</output>;
  }
  const container = render(<Count />);
  await expect.poll(() => container.textContent).toBe("count 0");
  $count.set(2);
  await expect.poll(() => container.textContent).toBe("count 2");
});

test("a root replaces what its container held, and unmounting empties it", async () => {
  const container = document.createElement("div");
  container.innerHTML = "<p>placeholder</p>";
  document.body.append(container);
  const root = createRoot(container);
  root.render(<p>rendered</p>);
  await expect.poll(() => container.innerHTML).toBe("<p>rendered</p>");
  root.unmount();
  await expect.poll(() => container.innerHTML).toBe("");
  container.remove();
});
