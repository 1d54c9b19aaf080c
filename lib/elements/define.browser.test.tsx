import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { countdownClock } from "../../test/components/countdownClock.ts";
import { registerElements } from "./define.ts";
import { WIDGET_ELEMENTS } from "./widgets.ts";

/**
 * The element layer as a page uses it: r2wc on this project's runtime, withClearableAttributes
 * (which reaches into r2wc's internals, so it must hold on react-dom and Preact alike) and
 * the lazy loading of each element's code.
 */
beforeAll(() => {
  // The texts are not loaded first: the elements wait for them and for their code at once, as on a
  // real page (an unhandled rejection fails the run).
  registerElements(WIDGET_ELEMENTS);
});

const placed: HTMLElement[] = [];
afterEach(() => {
  for (const element of placed.splice(0)) element.remove();
});

function place(html: string): HTMLElement {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  const element = holder.firstElementChild as HTMLElement;
  document.body.append(element);
  placed.push(element);
  return element;
}

const emailInput = () => page.getByRole("combobox", { name: /電郵/ });

// First in this file: it needs an element placed while the texts are still loading.
test("an element placed before its texts arrive keeps its component when an attribute changes later", async () => {
  const element = place('<nu-email-input label="公司電郵"></nu-email-input>');
  const input = page.getByRole("combobox", { name: "公司電郵" });
  await expect.element(input).toBeVisible();
  const field = element.shadowRoot?.querySelector("input");
  expect(field).toBeTruthy();

  // The first render after the texts came: the part must not be mounted afresh (a new <input>,
  // state and listeners lost), whatever wraps it while the texts load.
  element.setAttribute("label", "工作電郵");
  await expect.element(page.getByRole("combobox", { name: "工作電郵" })).toBeVisible();
  expect(element.shadowRoot?.querySelector("input")).toBe(field);
});

test("removing an attribute clears its prop: text to empty, boolean to false, number to unset", async () => {
  const element = place(
    '<nu-email-input label="公司電郵" error="請用公司電郵" disabled="true" send-button="true" resend-in="30"></nu-email-input>',
  );
  const input = page.getByRole("combobox", { name: "公司電郵" });
  await expect.element(input).toBeDisabled();
  await expect.element(input).toHaveAccessibleDescription("請用公司電郵");
  await expect.element(page.getByRole("button", { name: "重新發送（30 秒）" })).toBeVisible();

  element.removeAttribute("error");
  await expect.element(input).not.toHaveAttribute("aria-invalid");
  expect(element.shadowRoot?.textContent).not.toContain("請用公司電郵");

  element.removeAttribute("disabled");
  await expect.element(input).toBeEnabled();

  element.removeAttribute("resend-in");
  await expect.element(page.getByRole("button", { name: "發送電郵" })).toBeVisible();

  element.setAttribute("label", "");
  await expect.element(page.getByRole("combobox", { name: "電郵地址" })).toBeVisible();

  element.setAttribute("error", "再試一次");
  await expect.element(emailInput()).toHaveAccessibleDescription("再試一次");
  element.setAttribute("error", "");
  await expect.element(emailInput()).not.toHaveAttribute("aria-invalid");
});

test("attribute → prop → event: the page's value shows, the user's edit comes back as nu-change and element.value", async () => {
  const element = place('<nu-email-input value="chan@example.org"></nu-email-input>') as HTMLElement & {
    value?: string;
  };
  const changes: string[] = [];
  element.addEventListener("nu-change", (event) => changes.push((event as CustomEvent).detail.value));
  const input = emailInput();
  await expect.element(input).toHaveValue("chan@example.org");

  await userEvent.fill(input, "mei@example.org");
  await expect.poll(() => changes.at(-1)).toBe("mei@example.org");
  expect(element.value).toBe("mei@example.org");

  element.setAttribute("value", "wong@example.org");
  await expect.element(input).toHaveValue("wong@example.org");
});

test("properties a page set before the tag was defined reach the element once it is", async () => {
  type Early = HTMLElement & { options?: unknown; value?: string };
  const element = document.createElement("nu-select-early") as Early;
  element.setAttribute("label", "方案");
  element.options = ["基本", "進階"];
  element.value = "進階";
  document.body.append(element);
  placed.push(element);
  const select = WIDGET_ELEMENTS.find((definition) => definition.tag === "nu-select");
  if (!select) throw new Error("nu-select is not registered");
  registerElements([{ ...select, tag: "nu-select-early" }]);

  const field = page.getByRole("combobox", { name: "方案" });
  await expect.element(field).toHaveValue("進階");
  expect(Object.hasOwn(element, "options")).toBe(false);
  expect(element.value).toBe("進階");
  // And the element keeps working as any other: a later property change shows.
  element.value = "基本";
  await expect.element(field).toHaveValue("基本");
});

test("a property set before the tag was defined wins over the same attribute in the markup", async () => {
  // As a parser-made element: the attribute is there before the page's script sets the property.
  const holder = document.createElement("div");
  holder.innerHTML = `<nu-select-markup label="套餐" options='["a1","a2"]'></nu-select-markup>`;
  const element = holder.firstElementChild as HTMLElement & { options?: unknown };
  document.body.append(element);
  placed.push(element);
  element.options = ["x1", "x2", "x3"];
  const select = WIDGET_ELEMENTS.find((definition) => definition.tag === "nu-select");
  if (!select) throw new Error("nu-select is not registered");
  registerElements([{ ...select, tag: "nu-select-markup" }]);

  const field = page.getByRole("combobox", { name: "套餐" });
  await expect.element(field).toBeVisible();
  await expect
    .poll(() => Array.from((field.element() as HTMLSelectElement).options, (option) => option.value))
    .toEqual(["", "x1", "x2", "x3"]);
  expect(element.options).toEqual(["x1", "x2", "x3"]);
  expect(element.getAttribute("options")).toBe('["x1","x2","x3"]');
  // The attribute still works afterwards.
  element.setAttribute("options", '["b1"]');
  await expect
    .poll(() => Array.from((field.element() as HTMLSelectElement).options, (option) => option.value))
    .toEqual(["", "b1"]);
});

afterEach(() => {
  vi.useRealTimers();
});

const resendLabel = (seconds?: number) =>
  page.getByRole("button", { name: seconds ? `重新發送（${seconds} 秒）` : "重新發送", exact: true });

test("resend-in counts down on its own, is written back as 0 at the end, and the same number again restarts it", async () => {
  const clock = countdownClock();
  const element = place(
    '<nu-email-input send-button="true" value="chan@example.org" resend-in="2"></nu-email-input>',
  ) as HTMLElement & { resendIn?: number };
  await expect.element(resendLabel(2)).toBeVisible();
  await clock.tick();
  await expect.element(resendLabel(1)).toBeVisible();
  expect(element.getAttribute("resend-in")).toBe("2");
  await clock.tick();
  await expect.element(resendLabel()).toBeVisible();
  await expect.poll(() => element.getAttribute("resend-in")).toBe("0");
  expect(element.resendIn).toBe(0);

  element.setAttribute("resend-in", "2");
  await expect.element(resendLabel(2)).toBeVisible();
  await clock.tick();
  await clock.tick();
  await expect.element(resendLabel()).toBeVisible();
});

test("a page that sets resend-in again the moment it is written back as 0 restarts the countdown", async () => {
  const clock = countdownClock();
  const element = place(
    '<nu-email-input send-button="true" value="chan@example.org" resend-in="1"></nu-email-input>',
  );
  // A mutation observer answers before the component renders the 0: the two values reach the
  // component together, and the second is the number it counted from before.
  let restarted = false;
  const observer = new MutationObserver(() => {
    if (restarted || element.getAttribute("resend-in") !== "0") return;
    restarted = true;
    element.setAttribute("resend-in", "1");
  });
  observer.observe(element, { attributes: true, attributeFilter: ["resend-in"] });
  try {
    await expect.element(resendLabel(1)).toBeVisible();
    await clock.tick();
    await expect.poll(() => restarted).toBe(true);
    await expect.element(resendLabel(1)).toBeVisible();
    await clock.tick();
    await expect.element(resendLabel()).toBeVisible();
    await expect.poll(() => element.getAttribute("resend-in")).toBe("0");
  } finally {
    observer.disconnect();
  }
});

test("a confirm dialog the page opens again in its nu-cancel listener is open again", async () => {
  const element = place(
    '<nu-confirm-dialog message="確定提交？" open="true"></nu-confirm-dialog>',
  ) as HTMLElement & {
    open?: boolean;
  };
  let cancels = 0;
  element.addEventListener("nu-cancel", () => {
    cancels += 1;
    if (cancels === 1) element.open = true;
  });
  const dialog = page.getByRole("dialog");
  await expect.element(dialog).toBeVisible();
  await userEvent.click(page.getByRole("button", { name: "取消" }));
  await expect.poll(() => cancels).toBe(1);
  expect(element.open).toBe(true);
  await expect.element(dialog).toBeVisible();
  // And it still closes when the customer cancels again.
  await userEvent.click(page.getByRole("button", { name: "取消" }));
  await expect.poll(() => cancels).toBe(2);
  await expect.element(dialog).not.toBeInTheDocument();
  expect(element.open).toBe(false);
});

test("a page that puts the value back in its nu-change listener is shown its own value", async () => {
  const element = place(
    '<nu-select label="套餐" options=\'["a1","a2"]\' value="a1"></nu-select>',
  ) as HTMLElement & {
    value?: string;
  };
  const changes: string[] = [];
  element.addEventListener("nu-change", (event) => {
    changes.push((event as CustomEvent<{ value: string }>).detail.value);
    element.value = "a1"; // this page refuses every other choice
  });
  const field = page.getByRole("combobox", { name: "套餐" });
  await expect.element(field).toHaveValue("a1");
  await userEvent.selectOptions(field, "a2");
  await expect.poll(() => changes).toEqual(["a2"]);
  expect(element.value).toBe("a1");
  await expect.element(field).toHaveValue("a1");
});

type ListElement = HTMLElement & { options?: unknown };

test("a list prop set as a JSON string property shows its options, like the attribute (React 19, Vue and Svelte set properties)", async () => {
  const element = place('<nu-select label="地區"></nu-select>') as ListElement;
  element.options = '["九龍","新界"]';
  const field = page.getByRole("combobox", { name: "地區" });
  await expect.element(field.getByRole("option", { name: "新界" })).toBeInTheDocument();
  expect(element.options).toEqual(["九龍", "新界"]);
  // Reflected once, as JSON of the list (not of the string).
  expect(element.getAttribute("options")).toBe('["九龍","新界"]');

  element.options = ["港島"];
  await expect.element(field.getByRole("option", { name: "港島" })).toBeInTheDocument();
  expect(element.getAttribute("options")).toBe('["港島"]');
});

test("JSON that does not parse is refused with a warning naming the element and the prop, as property or attribute", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    const element = place('<nu-select label="區議會" options=\'["甲","乙"]\'></nu-select>') as ListElement;
    const field = page.getByRole("combobox", { name: "區議會" });
    await expect.element(field.getByRole("option", { name: "乙" })).toBeInTheDocument();

    element.options = "[甲, 乙";
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/<nu-select> options: not valid JSON/));
    expect(element.options).toEqual(["甲", "乙"]);

    warn.mockClear();
    element.setAttribute("options", "{oops");
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/<nu-select> options: not valid JSON/));
    expect(element.options).toEqual(["甲", "乙"]);
    await expect.element(field.getByRole("option", { name: "乙" })).toBeInTheDocument();

    // Bad JSON in the markup does not break the element either: it shows without options.
    warn.mockClear();
    place('<nu-radio-group label="計劃" options="[基本"></nu-radio-group>');
    await expect.element(page.getByRole("radiogroup", { name: "計劃" })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/<nu-radio-group> options: not valid JSON/));
  } finally {
    warn.mockRestore();
  }
});
