import { useState } from "react";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "../../../test/components/render.tsx";
import { TextField } from "./TextField.tsx";

/** A page that validates as the flows do: the error shows while the field is empty. */
function NameField() {
  const [name, setName] = useState("");
  return (
    <TextField
      label="姓名"
      name="name"
      value={name}
      onChange={setName}
      hint="與身份證明文件相同"
      error={name.trim() ? "" : "必須填寫"}
      required
    />
  );
}

test("label, hint and error are wired to the input; the error goes once the field is filled", async () => {
  render(<NameField />);
  const input = page.getByRole("textbox", { name: "姓名" });
  await expect.element(input).toBeRequired();
  await expect.element(input).toHaveAttribute("aria-invalid", "true");
  await expect.element(input).toHaveAccessibleDescription("與身份證明文件相同 必須填寫");
  await expect.element(page.getByRole("alert")).toHaveTextContent("必須填寫");

  await userEvent.fill(input, "陳大文");
  await expect.element(input).toHaveValue("陳大文");
  await expect.element(input).not.toHaveAttribute("aria-invalid");
  await expect.element(input).toHaveAccessibleDescription("與身份證明文件相同");
  await expect.element(page.getByRole("alert")).toHaveTextContent("");
});

test("a read-only field says so to assistive technology and keeps its value", async () => {
  render(<TextField label="電郵" name="email" value="chan@example.org" onChange={() => {}} readOnly />);
  const input = page.getByRole("textbox", { name: "電郵" });
  await expect.element(input).toHaveAttribute("aria-readonly", "true");
  await userEvent.type(input, "x");
  await expect.element(input).toHaveValue("chan@example.org");
});
