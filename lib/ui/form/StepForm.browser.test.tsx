import { useState } from "react";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "../../../test/components/render.tsx";
import { StepForm } from "./StepForm.tsx";
import { TextField } from "./TextField.tsx";

/** A step as the flows write one: errors appear after a refused submit. */
function ContactStep({ onValid }: { onValid: (values: { name: string; phone: string }) => void }) {
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [tried, setTried] = useState(false);
  const errorOf = (value: string) => (tried && !value.trim() ? "必須填寫" : "");
  return (
    <StepForm
      name="contact"
      onSubmit={() => {
        setTried(true);
        if (!name.trim() || !phone.trim()) return false;
        onValid({ name, phone });
        return true;
      }}
    >
      <TextField label="姓名" name="name" value={name} onChange={setName} error={errorOf(name)} required />
      <TextField
        label="電話"
        name="phone"
        value={phone}
        onChange={setPhone}
        error={errorOf(phone)}
        required
      />
      <button type="submit" className="nu-button">
        下一步
      </button>
    </StepForm>
  );
}

test("a refused submit puts focus on the first invalid field; a valid one submits once", async () => {
  const submitted: Array<{ name: string; phone: string }> = [];
  render(<ContactStep onValid={(values) => submitted.push(values)} />);
  const name = page.getByRole("textbox", { name: "姓名" });
  const phone = page.getByRole("textbox", { name: "電話" });

  await userEvent.click(page.getByRole("button", { name: "下一步" }));
  await expect.element(name).toHaveFocus();
  await expect.element(name).toHaveAttribute("aria-invalid", "true");

  await userEvent.fill(name, "陳大文");
  await userEvent.keyboard("{Enter}");
  await expect.element(phone).toHaveFocus();
  await expect.element(phone).toHaveAccessibleDescription("必須填寫");
  expect(submitted).toEqual([]);

  await userEvent.fill(phone, "91234567");
  await userEvent.keyboard("{Enter}");
  await expect.poll(() => submitted).toEqual([{ name: "陳大文", phone: "91234567" }]);
});
