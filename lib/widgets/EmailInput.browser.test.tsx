import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "../../test/components/render.tsx";
import { EmailInput } from "./EmailInput.tsx";

test("typing a domain's start offers full addresses; the keyboard picks one", async () => {
  const changes: string[] = [];
  render(<EmailInput onNuChange={({ value }) => changes.push(value)} />);
  const input = page.getByRole("combobox", { name: "電郵地址" });

  await userEvent.type(input, "chan@h");
  const options = page.getByRole("option");
  await expect.element(page.getByRole("listbox", { name: "電郵地址建議" })).toBeVisible();
  expect(options.elements().map((option) => option.textContent)).toEqual([
    "chan@hotmail.com",
    "chan@hotmail.com.hk",
  ]);
  await expect.element(input).toHaveAttribute("aria-expanded", "true");

  await userEvent.keyboard("{ArrowDown}{ArrowDown}");
  const second = page.getByRole("option", { name: "chan@hotmail.com.hk" });
  await expect.element(second).toHaveAttribute("aria-selected", "true");
  await expect
    .element(input)
    .toHaveAttribute("aria-activedescendant", second.element().getAttribute("id") ?? "missing");

  await userEvent.keyboard("{Enter}");
  await expect.element(input).toHaveValue("chan@hotmail.com.hk");
  await expect.element(input).toHaveAttribute("aria-expanded", "false");
  await expect.element(page.getByRole("listbox", { includeHidden: true })).not.toBeVisible();
  expect(changes.at(-1)).toBe("chan@hotmail.com.hk");
});

test("Escape closes the suggestions and typing opens them again", async () => {
  render(<EmailInput />);
  const input = page.getByRole("combobox", { name: "電郵地址" });
  await userEvent.type(input, "mei@y");
  await expect.element(input).toHaveAttribute("aria-expanded", "true");
  await userEvent.keyboard("{Escape}");
  await expect.element(input).toHaveAttribute("aria-expanded", "false");
  await userEvent.type(input, "a");
  await expect.element(input).toHaveAttribute("aria-expanded", "true");
  await expect.element(page.getByRole("option", { name: "mei@yahoo.com.hk" })).toBeVisible();
});

test("the address is not spell-checked, on every runtime", async () => {
  render(<EmailInput />);
  await expect
    .element(page.getByRole("combobox", { name: "電郵地址" }))
    .toHaveAttribute("spellcheck", "false");
});

test("send: an invalid address shows the error on the field; a valid one emits nu-send", async () => {
  const sent: string[] = [];
  render(<EmailInput sendButton onNuSend={({ email }) => sent.push(email)} />);
  const input = page.getByRole("combobox", { name: "電郵地址" });
  const send = page.getByRole("button", { name: "發送電郵" });

  await userEvent.fill(input, "chan@x");
  await userEvent.click(send);
  await expect.element(page.getByText("請輸入有效的電郵地址")).toBeVisible();
  await expect.element(input).toHaveAttribute("aria-invalid", "true");
  await expect.element(input).toHaveAccessibleDescription("請輸入有效的電郵地址");
  expect(sent).toEqual([]);

  await userEvent.fill(input, " chan@example.org ");
  await expect.element(input).not.toHaveAttribute("aria-invalid");
  await userEvent.click(send);
  await expect.poll(() => sent).toEqual(["chan@example.org"]);
});
