/**
 * Forced-colours mode (Windows Contrast themes) drops box shadows, which draw the elements' focus
 * rings: focus must still show (a transparent outline that the mode paints in a system colour),
 * and so must the calendar's chosen day and the dialog's edge.
 */

import { useStaffSession } from "./staff-steps.ts";
import { expectNoA11yViolations } from "./support/axe.ts";
import { expect, type Page, test } from "./support/test.ts";
import { dayName, openGallery } from "./widgets-helpers.ts";

interface Ring {
  focusVisible: boolean;
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
}

/**
 * The outline of what shows focus: the focused element inside the shadow roots, or for a radio
 * or check box inside a card, the card.
 */
async function focusRing(page: Page): Promise<Ring> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active) throw new Error("nothing has focus");
    const box = active.closest(".nu-radio, .nu-choice, .nu-check") ?? active;
    const style = getComputedStyle(box);
    return {
      focusVisible: active.matches(":focus-visible"),
      outlineStyle: style.outlineStyle,
      outlineWidth: Number.parseFloat(style.outlineWidth),
      outlineColor: style.outlineColor,
    };
  });
}

const TRANSPARENT = "rgba(0, 0, 0, 0)";

function expectVisibleRing(ring: Ring, what: string) {
  expect(ring.focusVisible, `${what} has :focus-visible`).toBe(true);
  expect(ring.outlineStyle, `${what}: outline style`).toBe("solid");
  expect(ring.outlineWidth, `${what}: outline width`).toBeGreaterThanOrEqual(2);
  expect(ring.outlineColor, `${what}: outline colour`).not.toBe(TRANSPARENT);
}

test.describe("focus rings", () => {
  test("the gallery's controls show focus in forced colours, and look unchanged without", async ({
    page,
  }) => {
    await openGallery(page);
    const targets = [
      ["a button", page.locator("#email-send").getByRole("button", { name: "發送電郵" })],
      ["a select", page.locator("#select-empty").getByRole("combobox")],
      ["a radio card", page.locator("#radio-empty").getByRole("radio").first()],
      ["the date field", page.locator("#date-empty").getByRole("button", { name: /預約日期/ })],
    ] as const;

    // Normal colours: the box-shadow ring as before, the outline there but transparent.
    for (const [what, target] of targets) {
      await target.focus();
      const ring = await focusRing(page);
      expect(ring.focusVisible, `${what} has :focus-visible`).toBe(true);
      expect(ring.outlineColor, `${what}: no visible outline in normal colours`).toBe(TRANSPARENT);
    }

    await page.emulateMedia({ forcedColors: "active" });
    for (const [what, target] of targets) {
      await target.focus();
      expectVisibleRing(await focusRing(page), what);
    }
    await expectNoA11yViolations(page, { include: "#radio-empty" });
  });

  test("the sign-in step's field and button show focus in forced colours", async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" });
    await page.goto("/customer/nuForm");
    const email = page.getByRole("combobox", { name: "電郵地址" });
    await email.focus();
    expectVisibleRing(await focusRing(page), "the e-mail field");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "發送電郵" })).toBeFocused();
    expectVisibleRing(await focusRing(page), "發送電郵");
  });

  test("the staff tools show focus in forced colours", async ({ page }) => {
    await useStaffSession(page, "S001");
    await page.emulateMedia({ forcedColors: "active" });
    await page.goto("/staff/home");
    const tool = page.locator("nu-staff-login .nu-tool").first();
    await tool.focus();
    expectVisibleRing(await focusRing(page), "a staff tool");
  });
});

test("the calendar shows its edge, the chosen day and the focused day in forced colours", async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date("2026-12-10T10:00:00+08:00"));
  await openGallery(page);
  await page.emulateMedia({ forcedColors: "active" });
  const picker = page.locator("#date-empty");
  await picker.getByRole("button", { name: /預約日期/ }).focus();
  await page.keyboard.press("Enter");
  const dialog = picker.getByRole("dialog", { name: "選擇日期" });
  await expect(dialog).toBeVisible();
  const day = (ymd: string) => dialog.getByRole("button", { name: dayName(ymd), exact: true });
  await expect(day("2026-12-10")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(day("2026-12-10")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowRight");
  await expect(day("2026-12-11")).toBeFocused();

  const look = (target: ReturnType<typeof day>) =>
    target.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, color: style.color };
    });
  const chosen = await look(day("2026-12-10"));
  const other = await look(day("2026-12-15"));
  expect(chosen.background, "the chosen day's background").not.toBe(other.background);
  expect(chosen.color, "the chosen day's text").not.toBe(other.color);
  // The focused day: a ring in the text colour (CanvasText), apart from the chosen day's mark.
  const ring = await focusRing(page);
  expectVisibleRing(ring, "the focused day");
  expect(ring.outlineColor).toBe(
    await day("2026-12-15").evaluate((element) => getComputedStyle(element).color),
  );

  const edge = await dialog.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.borderTopStyle, width: Number.parseFloat(style.borderTopWidth) };
  });
  expect(edge.style, "the dialog's border").toBe("solid");
  expect(edge.width, "the dialog's border width").toBeGreaterThanOrEqual(2);
  await expectNoA11yViolations(page, { include: "#date-empty" });
});
