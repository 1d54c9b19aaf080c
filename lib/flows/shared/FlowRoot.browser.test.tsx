import { expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "../../../test/components/render.tsx";
import { NuForm } from "../nuform/NuForm.tsx";

test("a React host hears the widgets inside the flow through onNuChange and onNuSend", async () => {
  const changes: unknown[] = [];
  const sends: unknown[] = [];
  render(
    <NuForm
      step="login"
      onNuChange={(detail) => changes.push(detail.value)}
      onNuSend={(detail) => sends.push(detail.email)}
    />,
  );
  const email = page.getByRole("combobox", { name: /電郵/ });
  await expect.element(email).toBeVisible();
  await userEvent.fill(email, "chan@example.org");
  await expect.poll(() => changes.at(-1)).toBe("chan@example.org");
  await userEvent.click(page.getByRole("button", { name: "發送電郵" }));
  await expect.poll(() => sends).toEqual(["chan@example.org"]);
});

test("two self-driven forms of one flow on a page are told apart by a warning: they show one enrolment", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    render(
      <>
        <NuForm step="login" />
        <NuForm />
      </>,
    );
    await expect.element(page.getByRole("combobox", { name: /電郵/ }).first()).toBeVisible();
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining("self-driven"));
    render(<NuForm />);
    await expect
      .poll(() => warn.mock.calls.flat().join("\n"))
      .toContain("two self-driven <nu-form> on one page show the same enrolment");
  } finally {
    warn.mockRestore();
  }
});
