import { useState } from "react";
import { expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { countdownClock } from "../../test/components/countdownClock.ts";
import { render } from "../../test/components/render.tsx";
import { EmailInput, type EmailSendStatus } from "./EmailInput.tsx";

test("typing a domain's start offers full addresses; the keyboard picks one", async () => {
  const changes: string[] = [];
  render(<EmailInput onNuChange={({ value }) => changes.push(value)} />);
  const input = page.getByRole("combobox", { name: "電郵地址" });
  // The phone's e-mail keyboard and the browser's autofill.
  await expect.element(input).toHaveAttribute("type", "email");
  await expect.element(input).toHaveAttribute("autocomplete", "email");
  await expect.element(input).toHaveAttribute("inputmode", "email");

  await userEvent.type(input, "chan");
  await expect.element(input).toHaveAttribute("aria-expanded", "false");
  await userEvent.type(input, "@g");
  await expect.element(page.getByRole("option")).toHaveTextContent("chan@gmail.com");
  await userEvent.fill(input, "chan@h");
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
  await expect.element(input).toHaveFocus();
  expect(changes.at(-1)).toBe("chan@hotmail.com.hk");

  // Nothing more to suggest once the domain is complete.
  await userEvent.keyboard("{ArrowDown}");
  await expect.element(input).toHaveAttribute("aria-expanded", "false");
});

test("Escape closes the suggestions, typing or ArrowDown opens them again, Enter during IME composition picks nothing, a click picks one", async () => {
  render(<EmailInput />);
  const input = page.getByRole("combobox", { name: "電郵地址" });
  await userEvent.type(input, "mei@y");
  await expect.element(input).toHaveAttribute("aria-expanded", "true");
  await userEvent.keyboard("{Escape}");
  await expect.element(input).toHaveAttribute("aria-expanded", "false");
  await userEvent.type(input, "a");
  await expect.element(input).toHaveAttribute("aria-expanded", "true");
  await expect.element(page.getByRole("option", { name: "mei@yahoo.com.hk" })).toBeVisible();
  await userEvent.keyboard("{Escape}");
  await userEvent.keyboard("{ArrowDown}");
  await expect.element(input).toHaveAttribute("aria-expanded", "true");

  // An Enter that confirms an IME composition (Chinese input) must not pick a suggestion.
  input.element().dispatchEvent(
    new KeyboardEvent("keydown", {
      key: "Enter",
      keyCode: 229,
      isComposing: true,
      bubbles: true,
      composed: true,
    }),
  );
  await expect.element(input).toHaveValue("mei@ya");
  await expect.element(input).toHaveAttribute("aria-expanded", "true");

  await userEvent.click(page.getByRole("option", { name: "mei@yahoo.com", exact: true }));
  await expect.element(input).toHaveValue("mei@yahoo.com");
  await expect.element(input).toHaveAttribute("aria-expanded", "false");
});

test("the address is not spell-checked, on every runtime", async () => {
  render(<EmailInput />);
  await expect
    .element(page.getByRole("combobox", { name: "電郵地址" }))
    .toHaveAttribute("spellcheck", "false");
});

test("send: an invalid address shows the error on the field; a valid one emits nu-send; the page's status shows sending, sent and a failure", async () => {
  const sent: string[] = [];
  let setStatus: (status: EmailSendStatus) => void = () => {};
  function Page() {
    // Like a page: it sets the status from its send's progress, not from a control of the field's.
    const [status, set] = useState<EmailSendStatus>("idle");
    setStatus = set;
    return (
      <EmailInput
        sendButton
        status={status}
        onNuSend={({ email }) => {
          sent.push(email);
          set("sending");
        }}
      />
    );
  }
  render(<Page />);
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
  (send.element() as HTMLElement).focus();
  await userEvent.keyboard("{Enter}");
  await expect.poll(() => sent).toEqual(["chan@example.org"]);
  await expect
    .element(page.getByRole("button", { name: "發送中…" }))
    .toHaveAttribute("aria-disabled", "true");
  setStatus("sent");
  await expect.element(page.getByRole("status")).toHaveTextContent("已發送");
  await expect.element(page.getByRole("button", { name: "發送電郵" })).toHaveFocus();

  setStatus("error");
  await expect.element(page.getByRole("alert")).toHaveTextContent("發送失敗，請稍後再試");
});

test("resendIn counts down by itself and the button takes presses again at 0; a new value restarts it", async () => {
  function Page() {
    const [resendIn, setResendIn] = useState(2);
    const [, rerender] = useState(0);
    return (
      <>
        <EmailInput sendButton resendIn={resendIn} value="chan@example.org" />
        <button type="button" onClick={() => rerender((n) => n + 1)}>
          render again
        </button>
        <button type="button" onClick={() => setResendIn(3)}>
          three
        </button>
      </>
    );
  }
  const clock = countdownClock();
  try {
    render(<Page />);
    await expect.element(page.getByRole("button", { name: "重新發送（2 秒）" })).toBeVisible();
    await clock.tick();
    await expect.element(page.getByRole("button", { name: "重新發送（1 秒）" })).toBeVisible();
    // A parent rendering again with the same value does not start the countdown over.
    await userEvent.click(page.getByRole("button", { name: "render again" }));
    await expect.element(page.getByRole("button", { name: "重新發送（1 秒）" })).toBeVisible();
    await clock.tick();
    await expect
      .element(page.getByRole("button", { name: "重新發送", exact: true }))
      .not.toHaveAttribute("aria-disabled");
  } finally {
    vi.useRealTimers();
  }

  await userEvent.click(page.getByRole("button", { name: "three" }));
  await expect.element(page.getByRole("button", { name: "重新發送（3 秒）" })).toBeVisible();
});
