/**
 * <nu-date-picker> on the gallery: the selectable range (today + min-days … today + max-days, Hong
 * Kong's day), the 8-year list, confirm / cancel events. The browser clock is fixed, so the edges
 * are exact. Keyboard use is a component test (lib/widgets/DatePicker.browser.test.tsx).
 */
import { expect, type Page, test } from "./support/test.ts";
import { dayName, eventsOf, lastDetail, openGallery } from "./widgets-helpers.ts";

async function openPicker(page: Page, id: string) {
  const picker = page.locator(`#${id}`);
  await picker.locator('[part~="date-field"]').click();
  const dialog = picker.getByRole("dialog", { name: "選擇日期" });
  await expect(dialog).toBeVisible();
  return { picker, dialog };
}

function years(dialog: ReturnType<Page["locator"]>) {
  return dialog.getByRole("combobox", { name: "年份" }).locator("option");
}

/**
 * WCAG contrast of an element's text on what is behind it, from the computed colours (the first
 * opaque background of it or its ancestors; translucent layers over it are blended).
 */
function contrastOf(locator: ReturnType<Page["locator"]>): Promise<number> {
  return locator.evaluate((element) => {
    const rgba = (text: string) => {
      const [r, g, b, a = 1] = (text.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const layers: ReturnType<typeof rgba>[] = [];
    for (let node: Element | null = element; node; ) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if (colour.a > 0) layers.push(colour);
      if (colour.a >= 1) break;
      node = node.parentElement ?? (node.getRootNode() as ShadowRoot).host ?? null;
    }
    let back = { r: 255, g: 255, b: 255 };
    for (const layer of layers.reverse())
      back = {
        r: layer.r * layer.a + back.r * (1 - layer.a),
        g: layer.g * layer.a + back.g * (1 - layer.a),
        b: layer.b * layer.a + back.b * (1 - layer.a),
      };
    const text = rgba(getComputedStyle(element).color);
    const fore = {
      r: text.r * text.a + back.r * (1 - text.a),
      g: text.g * text.a + back.g * (1 - text.a),
      b: text.b * text.a + back.b * (1 - text.a),
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const [R, G, B] = [r, g, b].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    const [l1, l2] = [luminance(fore), luminance(back)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  });
}

test.describe("with Hong Kong time 30 Dec 2026, 10:00", () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date("2026-12-30T10:00:00+08:00"));
    await openGallery(page);
  });

  test("only today … today + max-days can be chosen; confirm emits DD/MM/YYYY and closes", async ({
    page,
  }) => {
    // #date-empty: min-days 0, max-days 30 → 30/12/2026 … 29/01/2027.
    const field = page.locator("#date-empty").getByRole("button", { name: /預約日期/ });
    await expect(field).toHaveText(/請選擇日期/);
    const { dialog } = await openPicker(page, "date-empty");

    await expect(years(dialog)).toHaveText([
      "2020年",
      "2021年",
      "2022年",
      "2023年",
      "2024年",
      "2025年",
      "2026年",
      "2027年",
    ]);
    await expect(dialog.getByRole("combobox", { name: "年份" })).toHaveValue("2026");
    await expect(dialog.getByRole("combobox", { name: "月份" })).toHaveValue("12");
    await expect(dialog.getByText("可選日期：30/12/2026 至 29/01/2027")).toBeVisible();

    const confirm = dialog.getByRole("button", { name: "確定" });
    await expect(confirm).toBeDisabled();
    const yesterday = dialog.getByRole("button", { name: dayName("2026-12-29"), exact: true });
    const today = dialog.getByRole("button", { name: dayName("2026-12-30"), exact: true });
    await expect(yesterday).toHaveAttribute("aria-disabled", "true");
    await expect(today).not.toHaveAttribute("aria-disabled", "true");
    await expect(today).toHaveAttribute("aria-current", "date");

    // A day out of range cannot be chosen (force: Playwright itself refuses to click aria-disabled).
    await yesterday.click({ force: true });
    await expect(confirm).toBeDisabled();
    await expect(dialog.getByText("尚未選擇日期")).toBeVisible();

    // The month buttons stop at the months of the first and last selectable days; a disabled one
    // keeps its place in the tab order and its focus (aria-disabled).
    const prev = dialog.getByRole("button", { name: "上一個月" });
    const next = dialog.getByRole("button", { name: "下一個月" });
    await expect(prev).toHaveAttribute("aria-disabled", "true");
    await expect(next).not.toHaveAttribute("aria-disabled", "true");
    await next.click();
    await expect(dialog.getByRole("combobox", { name: "年份" })).toHaveValue("2027");
    await expect(dialog.getByRole("combobox", { name: "月份" })).toHaveValue("1");
    await expect(next).toHaveAttribute("aria-disabled", "true");
    await expect(next).toBeFocused();
    await next.click({ force: true });
    await expect(dialog.getByRole("combobox", { name: "月份" })).toHaveValue("1");
    await expect(prev).not.toHaveAttribute("aria-disabled", "true");
    const lastDay = dialog.getByRole("button", { name: dayName("2027-01-29"), exact: true });
    const dayAfter = dialog.getByRole("button", { name: dayName("2027-01-30"), exact: true });
    await expect(lastDay).not.toHaveAttribute("aria-disabled", "true");
    await expect(dayAfter).toHaveAttribute("aria-disabled", "true");
    await dayAfter.click({ force: true });
    await expect(confirm).toBeDisabled();

    await lastDay.click();
    await expect(lastDay).toHaveAttribute("aria-pressed", "true");
    await expect(dialog.getByText("已選擇：29/01/2027")).toBeVisible();
    await expect(confirm).toBeEnabled();
    await confirm.click();

    await expect(dialog).toBeHidden();
    await expect(field).toHaveText(/29\/01\/2027/);
    await expect(field).toBeFocused();
    expect(await lastDetail(page, "date-empty", "nu-confirm")).toEqual({ value: "29/01/2027" });
    expect(await lastDetail(page, "date-empty", "nu-change")).toEqual({ value: "29/01/2027" });
    await expect(eventsOf(page, "date-empty", "nu-cancel")).toHaveCount(0);
    await expect(page.locator("#date-empty")).toHaveAttribute("value", "29/01/2027");

    // Opening again starts at the chosen day.
    const again = await openPicker(page, "date-empty");
    await expect(
      again.dialog.getByRole("button", { name: dayName("2027-01-29"), exact: true }),
    ).toHaveAttribute("aria-pressed", "true");
    await expect(
      again.dialog.getByRole("button", { name: dayName("2027-01-29"), exact: true }),
    ).toBeFocused();
  });

  test("取消 closes without changing the value", async ({ page }) => {
    const field = page.locator("#date-filled").getByRole("button", { name: /寶寶出生日期/ });
    await expect(field).toHaveText(/18\/09\/2026/);
    const { dialog } = await openPicker(page, "date-filled");
    await expect(dialog.getByRole("button", { name: dayName("2026-09-18"), exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await dialog.getByRole("button", { name: dayName("2026-09-20"), exact: true }).click();
    await dialog.getByRole("button", { name: "取消" }).click();
    await expect(dialog).toBeHidden();
    await expect(field).toHaveText(/18\/09\/2026/);
    await expect(eventsOf(page, "date-filled", "nu-cancel")).toHaveCount(1);
    await expect(eventsOf(page, "date-filled", "nu-change")).toHaveCount(0);

    // A tap outside the calendar cancels too.
    await openPicker(page, "date-filled");
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
    await expect(eventsOf(page, "date-filled", "nu-cancel")).toHaveCount(2);
    await expect(field).toHaveText(/18\/09\/2026/);
  });

  test("a tap outside closes the calendar where the browser ignores closedby (Safari, Chrome before 134)", async ({
    page,
  }) => {
    // This Chromium as one without light dismiss: the attribute never reaches the dialog.
    await page.addInitScript(() => {
      const set = Element.prototype.setAttribute;
      Element.prototype.setAttribute = function (name: string, value: string) {
        if (name.toLowerCase() !== "closedby") set.call(this, name, value);
      };
    });
    await page.reload();
    const { dialog } = await openPicker(page, "date-filled");
    expect(await dialog.evaluate((element) => element.hasAttribute("closedby"))).toBe(false);
    // A press inside the calendar keeps it open.
    await dialog.getByRole("heading").click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
    await expect(eventsOf(page, "date-filled", "nu-cancel")).toHaveCount(1);
  });

  test("the year list ends at the max day's year, and the month list can reach every selectable day", async ({
    page,
  }) => {
    // #date-filled: min-days -365, max-days 0 → 30/12/2025 … 30/12/2026.
    const { dialog } = await openPicker(page, "date-filled");
    await expect(years(dialog)).toHaveText([
      "2019年",
      "2020年",
      "2021年",
      "2022年",
      "2023年",
      "2024年",
      "2025年",
      "2026年",
    ]);
    await dialog.getByRole("combobox", { name: "年份" }).selectOption("2025");
    await dialog.getByRole("combobox", { name: "月份" }).selectOption("12");
    await expect(dialog.getByRole("button", { name: dayName("2025-12-29"), exact: true })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await dialog.getByRole("button", { name: dayName("2025-12-30"), exact: true }).click();
    await dialog.getByRole("button", { name: "確定" }).click();
    expect(await lastDetail(page, "date-filled", "nu-confirm")).toEqual({ value: "30/12/2025" });

    // Months outside the range (shown with the lists) have no way further out either.
    const reopened = await openPicker(page, "date-filled");
    await reopened.dialog.getByRole("combobox", { name: "年份" }).selectOption("2026");
    await reopened.dialog.getByRole("combobox", { name: "月份" }).selectOption("12");
    await expect(reopened.dialog.getByRole("button", { name: "下一個月" })).toBeDisabled();
    // A year picked keeps the month when it can, else moves to the nearest month with a selectable day.
    await reopened.dialog.getByRole("combobox", { name: "年份" }).selectOption("2025");
    await expect(reopened.dialog.getByRole("combobox", { name: "月份" })).toHaveValue("12");
    await expect(reopened.dialog.getByRole("button", { name: "上一個月" })).toBeDisabled();
  });

  test("only years and months with a selectable day can be picked; in English the month name fits at 390 px", async ({
    page,
  }) => {
    // #date-empty: 30/12/2026 … 29/01/2027. The 8 years stay listed; only 2026 and 2027 can be picked.
    const { picker, dialog } = await openPicker(page, "date-empty");
    const year = dialog.getByRole("combobox", { name: "年份" });
    const month = dialog.getByRole("combobox", { name: "月份" });
    const enabled = (select: typeof year) => select.locator("option:not([disabled])");
    await expect(enabled(year)).toHaveText(["2026年", "2027年"]);
    await expect(enabled(month)).toHaveText(["12月"]);
    await year.selectOption("2027");
    await expect(month).toHaveValue("1");
    await expect(enabled(month)).toHaveText(["1月"]);
    await dialog.getByRole("button", { name: "取消" }).click();

    await picker.evaluate((element) => element.setAttribute("lang", "en"));
    await picker.locator('[part~="date-field"]').click();
    const english = picker.getByRole("dialog");
    const monthSelect = english.getByRole("combobox", { name: "Month" });
    await monthSelect.selectOption("12");
    await expect(monthSelect.locator("option:checked")).toHaveText("December");
    // The chosen month's name fits in the select (text width ≤ the box less its padding and arrow).
    const fit = await monthSelect.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(select.selectedOptions[0].text).width;
      const room =
        select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text, room };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.room);
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: test.info().outputPath("calendar-en-390.png") });
  });

  test("on a phone the tapped day stays readable (contrast ≥ 4.5:1, the finger still over it); years out of range are unavailable", async ({
    page,
  }) => {
    // The project is a touch phone at 390 px: a tap leaves :hover on the day until the finger moves on.
    expect(await page.evaluate(() => matchMedia("(hover: none)").matches)).toBe(true);
    const { dialog } = await openPicker(page, "date-empty");
    const day = dialog.getByRole("button", { name: dayName("2027-01-07"), exact: true });
    await dialog.getByRole("button", { name: "下一個月" }).tap();
    await day.tap();
    await expect(day).toHaveAttribute("aria-pressed", "true");
    // Whether a tap alone leaves :hover differs between Chromium builds (the headless shell does
    // not): the pointer is put over the day, as a finger resting there, so the state is the same.
    await day.hover();
    expect(await day.evaluate((element) => element.matches(":hover"))).toBe(true);
    expect(await contrastOf(day)).toBeGreaterThanOrEqual(4.5);
    // Today, tapped: its own ring must not win over the chosen look either.
    await dialog.getByRole("button", { name: "上一個月" }).tap();
    const today = dialog.getByRole("button", { name: dayName("2026-12-30"), exact: true });
    await today.tap();
    await expect(today).toHaveAttribute("aria-pressed", "true");
    expect(await contrastOf(today)).toBeGreaterThanOrEqual(4.5);
    // The eight years stay listed; those with no selectable day are unavailable, not offered.
    const year = dialog.getByRole("combobox", { name: "年份" });
    await expect(year.locator("option")).toHaveCount(8);
    await expect(year.locator("option[disabled]")).toHaveText([
      "2020年",
      "2021年",
      "2022年",
      "2023年",
      "2024年",
      "2025年",
    ]);
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: test.info().outputPath("calendar-tapped-390.png") });
  });

  test("error and disabled states", async ({ page }) => {
    const error = page.locator("#date-error");
    await expect(error.getByRole("button", { name: /預產期/ })).toHaveAttribute("aria-invalid", "true");
    await expect(error.getByRole("alert")).toHaveText("請選擇預產期");
    await expect(page.locator("#date-disabled").getByRole("button", { name: /登記日期/ })).toBeDisabled();
  });
});

test("'today' is the Hong Kong day even when UTC is still on the day before", async ({ page }) => {
  // 31 Dec 2026 16:30 UTC is 1 Jan 2027 00:30 in Hong Kong.
  await page.clock.setFixedTime(new Date("2026-12-31T16:30:00Z"));
  await openGallery(page);
  const { dialog } = await openPicker(page, "date-empty");
  await expect(dialog.getByRole("combobox", { name: "年份" })).toHaveValue("2027");
  await expect(dialog.getByRole("button", { name: dayName("2027-01-01"), exact: true })).toHaveAttribute(
    "aria-current",
    "date",
  );
  await expect(dialog.getByRole("button", { name: dayName("2026-12-31"), exact: true })).toHaveCount(0);
  await expect(dialog.getByText("可選日期：01/01/2027 至 31/01/2027")).toBeVisible();
  await expect(years(dialog)).toHaveText([
    "2020年",
    "2021年",
    "2022年",
    "2023年",
    "2024年",
    "2025年",
    "2026年",
    "2027年",
  ]);
});
