import { expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "../../test/components/render.tsx";
import { addDays, hkToday, toEnGB } from "../core/dates.ts";
import { DatePicker } from "./DatePicker.tsx";

const dayName = (ymd: string) => {
  const [year, month, day] = ymd.split("-").map(Number);
  return `${year}年${month}月${day}日`;
};

test("opens on the first day allowed; the keyboard chooses a day and 確定 confirms it", async () => {
  const events: Array<[string, string]> = [];
  render(
    <DatePicker
      label="預約日期"
      minDays={1}
      maxDays={30}
      onNuConfirm={({ value }) => events.push(["confirm", value])}
      onNuChange={({ value }) => events.push(["change", value])}
    />,
  );
  const field = page.getByRole("button", { name: "預約日期 請選擇日期" });
  await userEvent.click(field);

  const dialog = page.getByRole("dialog", { name: "選擇日期" });
  await expect.element(dialog).toBeVisible();
  const tomorrow = addDays(hkToday(), 1);
  await expect.element(dialog.getByRole("button", { name: dayName(tomorrow) })).toHaveFocus();
  await expect
    .element(dialog.getByRole("button", { name: dayName(hkToday()) }))
    .toHaveAttribute("aria-disabled", "true");

  const chosen = addDays(tomorrow, 1);
  await userEvent.keyboard("{ArrowRight}");
  await expect.element(dialog.getByRole("button", { name: dayName(chosen) })).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  await expect.element(dialog.getByText(`已選擇：${toEnGB(chosen)}`)).toBeVisible();

  await userEvent.click(dialog.getByRole("button", { name: "確定" }));
  await expect.element(dialog).not.toBeInTheDocument();
  await expect.element(page.getByRole("button", { name: `預約日期 ${toEnGB(chosen)}` })).toHaveFocus();
  expect(events).toEqual([
    ["confirm", toEnGB(chosen)],
    ["change", toEnGB(chosen)],
  ]);
});

test("keyboard: arrows move between days (the month follows), PageUp/PageDown and Home/End stop at the range, Enter chooses only a day allowed, Escape cancels", async () => {
  // Hong Kong's 30 Dec 2026, 10:00: the range 30/12/2026 … 29/01/2027 crosses a month and a year.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-30T10:00:00+08:00"));
  try {
    const events: string[] = [];
    render(
      <DatePicker
        label="預約日期"
        minDays={0}
        maxDays={30}
        onNuCancel={() => events.push("cancel")}
        onNuConfirm={() => events.push("confirm")}
        onNuChange={() => events.push("change")}
      />,
    );
    const field = page.getByRole("button", { name: "預約日期 請選擇日期" });
    await expect.element(field).toBeVisible();
    (field.element() as HTMLElement).focus();
    await userEvent.keyboard("{Enter}");
    const dialog = page.getByRole("dialog", { name: "選擇日期" });
    const day = (ymd: string) => dialog.getByRole("button", { name: dayName(ymd), exact: true });
    await expect.element(day("2026-12-30")).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    await expect.element(day("2026-12-31")).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    await expect.element(day("2027-01-07")).toHaveFocus();
    await expect.element(dialog.getByRole("combobox", { name: "月份" })).toHaveValue("1");
    await userEvent.keyboard("{Enter}");
    await expect.element(dialog.getByText("已選擇：07/01/2027")).toBeVisible();

    // A month back would be 07/12/2026, before the first day allowed: the jump stops there.
    await userEvent.keyboard("{PageUp}");
    await expect.element(day("2026-12-30")).toHaveFocus();
    await userEvent.keyboard("{PageUp}");
    await expect.element(day("2026-12-30")).toHaveFocus();
    // A month on would be 30/01/2027, after the last one.
    await userEvent.keyboard("{PageDown}");
    await expect.element(day("2027-01-29")).toHaveFocus();
    await userEvent.keyboard("{Home}");
    await expect.element(day("2027-01-24")).toHaveFocus();
    // The day keys still reach a day not allowed; Enter does not choose it.
    await userEvent.keyboard("{End}");
    await expect.element(day("2027-01-30")).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect.element(dialog.getByText("已選擇：07/01/2027")).toBeVisible();

    await userEvent.keyboard("{Escape}");
    await expect.element(page.getByRole("dialog", { includeHidden: true })).not.toBeVisible();
    await expect.element(field).toHaveFocus();
    expect(events).toEqual(["cancel"]);
  } finally {
    vi.useRealTimers();
  }
});

test("Escape cancels: nu-cancel, the value kept, focus back on the field", async () => {
  const events: string[] = [];
  render(
    <DatePicker
      value="02/01/2020"
      minDays={0}
      maxDays={5}
      onNuCancel={() => events.push("cancel")}
      onNuChange={() => events.push("change")}
    />,
  );
  const field = page.getByRole("button", { name: "日期 02/01/2020" });
  await userEvent.click(field);
  await expect.element(page.getByRole("dialog", { name: "選擇日期" })).toBeVisible();
  await userEvent.keyboard("{Escape}");
  await expect.element(page.getByRole("dialog", { includeHidden: true })).not.toBeVisible();
  await expect.element(field).toHaveFocus();
  expect(events).toEqual(["cancel"]);
});

test("a YYYY-MM-DD value shows as DD/MM/YYYY (docs/rules.md#fields-and-formats), and the hidden field carries it so", async () => {
  render(<DatePicker label="出生日期" name="birth" value="2026-09-18" minDays={-365} maxDays={0} />);
  await expect.element(page.getByRole("button", { name: "出生日期 18/09/2026" })).toBeVisible();
  expect((document.querySelector('input[name="birth"]') as HTMLInputElement | null)?.value).toBe(
    "18/09/2026",
  );
});

test("a range in the past that ends today opens on today (docs/widgets.md), not on its first day", async () => {
  render(<DatePicker label="就診日期" minDays={-10} maxDays={0} />);
  await userEvent.click(page.getByRole("button", { name: "就診日期 請選擇日期" }));
  const dialog = page.getByRole("dialog", { name: "選擇日期" });
  await expect.element(dialog.getByRole("button", { name: dayName(hkToday()) })).toHaveFocus();
});

test("a required date picker says so to screen readers (its * is hidden from them)", async () => {
  render(
    <>
      <DatePicker label="預產期" required />
      <DatePicker label="出生日期" required error="請選擇日期" />
      <DatePicker label="預約日期" />
    </>,
  );
  await expect
    .element(page.getByRole("button", { name: "預產期 請選擇日期" }))
    .toHaveAccessibleDescription("必須填寫");
  await expect
    .element(page.getByRole("button", { name: "出生日期 請選擇日期" }))
    .toHaveAccessibleDescription("必須填寫 請選擇日期");
  await expect
    .element(page.getByRole("button", { name: "預約日期 請選擇日期" }))
    .toHaveAccessibleDescription("");
  // The text is not read a second time after the field.
  await expect.element(page.getByText("必須填寫", { exact: true }).first()).not.toBeVisible();
});
