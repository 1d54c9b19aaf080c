import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "../../test/components/render.tsx";
import { LeadRefForm } from "./LeadRefForm.tsx";

test("the reference is not spell-checked, on every runtime", async () => {
  render(<LeadRefForm lang="zh-HK" busy={false} error="" onFind={() => {}} />);
  await expect
    .element(page.getByRole("textbox", { name: "登記編號" }))
    .toHaveAttribute("spellcheck", "false");
});

test("a malformed reference is refused with its message; a good one is found in canonical form", async () => {
  const found: string[] = [];
  render(<LeadRefForm lang="zh-HK" busy={false} error="" onFind={(ref) => found.push(ref)} />);
  const input = page.getByRole("textbox", { name: "登記編號" });
  await userEvent.fill(input, "NU12");
  await userEvent.keyboard("{Enter}");
  await expect.element(input).toHaveAttribute("aria-invalid", "true");
  await expect.element(page.getByRole("alert")).toHaveTextContent(/登記編號格式不正確/);
  expect(found).toEqual([]);

  await userEvent.fill(input, " nu4k7p2qxm ");
  await userEvent.click(page.getByRole("button", { name: "查詢" }));
  await expect.poll(() => found).toEqual(["NU4K7P2QXM"]);
  await expect.element(input).toHaveValue("NU4K7P2QXM");
});
