import { useState } from "react";
import { expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "../../test/components/render.tsx";
import type { AddressEn, AddressValue } from "../core/types.ts";
import { AddressSelector } from "./AddressSelector.tsx";

const optionTexts = (select: HTMLElement) =>
  Array.from((select as HTMLSelectElement).options, (option) => option.textContent);

test("region → district → sub-district: each list follows the one before, and a new region resets them", async () => {
  const changes: Array<{ value: AddressValue; english: AddressEn }> = [];
  render(<AddressSelector onNuChange={(detail) => changes.push(detail)} />);
  const region = page.getByRole("combobox", { name: "區域" });
  const district = page.getByRole("combobox", { name: "地區" });
  const sub = page.getByRole("combobox", { name: "分區" });
  await expect.element(district).toBeVisible();
  expect(optionTexts(district.element() as HTMLElement)).toEqual(["請選擇"]);

  await userEvent.selectOptions(region, "九龍");
  await expect.poll(() => optionTexts(district.element() as HTMLElement)).toContain("九龍城區");
  expect(optionTexts(district.element() as HTMLElement)).not.toContain("沙田區");

  await userEvent.selectOptions(district, "九龍城區");
  await expect.poll(() => optionTexts(sub.element() as HTMLElement)).toContain("紅磡");
  await userEvent.selectOptions(sub, "紅磡");
  await expect.element(sub).toHaveValue("27");
  const last = changes.at(-1);
  expect(last?.value).toMatchObject({ region: "KLN", district: "KLC", subDistrict: "27" });
  expect(last?.english).toMatchObject({
    region: "Kowloon",
    district: "Kowloon City",
    subDistrict: "Hung Hom",
  });

  // A new district resets the sub-district.
  await userEvent.selectOptions(district, "觀塘區");
  await expect.element(sub).toHaveValue("");
  await userEvent.selectOptions(sub, "牛頭角");

  await userEvent.selectOptions(region, "香港");
  await expect.element(district).toHaveValue("");
  await expect.element(sub).toHaveValue("");
  expect(optionTexts(district.element() as HTMLElement)).toEqual([
    "請選擇",
    "中西區",
    "灣仔區",
    "東區",
    "南區",
  ]);
  expect(optionTexts(sub.element() as HTMLElement)).toEqual(["請選擇"]);
  expect(changes.at(-1)?.value).toMatchObject({ region: "HK", district: "", subDistrict: "" });
});

test("a required select emptied again says 請選擇… naming it", async () => {
  render(<AddressSelector />);
  const region = page.getByRole("combobox", { name: "區域" });
  await userEvent.selectOptions(region, "香港");
  await userEvent.selectOptions(region, "請選擇");
  await expect.element(region).toHaveAttribute("aria-invalid", "true");
  await expect.element(region).toHaveAccessibleDescription("請選擇區域");
  await expect.element(page.getByRole("combobox", { name: "地區" })).not.toHaveAttribute("aria-invalid");
});

test("showErrors flags every empty required field at once, each saying what it needs", async () => {
  render(<AddressSelector showErrors />);
  for (const [name, text] of [
    ["區域", /請選擇區域/],
    ["地區", /請選擇地區/],
    ["大廈／屋苑名稱", /必須填寫/],
  ] as const) {
    const field = page.getByRole("combobox", { name, exact: true });
    await expect.element(field).toHaveAttribute("aria-invalid", "true");
    await expect.element(field).toHaveAccessibleDescription(text);
  }
  await expect.element(page.getByRole("combobox", { name: "分區" })).not.toHaveAttribute("aria-invalid");
  await expect
    .element(page.getByRole("textbox", { name: "樓層" }))
    .toHaveAccessibleDescription("如該欄不適用，請留空。");
  await expect
    .element(page.getByRole("textbox", { name: "室" }))
    .toHaveAccessibleDescription("如該欄不適用，請留空。");
});

test("the keyboard passing through flags nothing; a building emptied again is flagged until filled; disabled", async () => {
  render(
    <>
      <AddressSelector name="home" />
      <AddressSelector
        name="office"
        label="公司地址"
        disabled
        value={{ region: "HK", district: "WC", building: "合和中心" }}
      />
    </>,
  );
  const home = page.getByRole("group", { name: "地址", exact: true });
  const building = home.getByRole("combobox", { name: "大廈／屋苑名稱" });
  await expect.element(building).toHaveAccessibleDescription(/區域及地區會自動填上。/);
  await userEvent.click(building);
  for (let i = 0; i < 6; i++) await userEvent.keyboard("{Tab}");
  for (const name of ["大廈／屋苑名稱", "區域", "地區"]) {
    await expect
      .element(home.getByRole("combobox", { name, exact: true }))
      .not.toHaveAttribute("aria-invalid");
  }
  await userEvent.fill(building, "某大廈");
  await userEvent.fill(building, "");
  await expect.element(building).toHaveAttribute("aria-invalid", "true");
  await expect.element(building).toHaveAccessibleDescription(/必須填寫/);
  await userEvent.fill(building, "某大廈");
  await expect.element(building).not.toHaveAttribute("aria-invalid");

  const office = page.getByRole("group", { name: "公司地址" });
  await expect.element(office.getByRole("combobox", { name: "區域" })).toBeDisabled();
  await expect.element(office.getByRole("combobox", { name: "大廈／屋苑名稱" })).toBeDisabled();
  await expect.element(office.getByRole("combobox", { name: "大廈／屋苑名稱" })).toHaveValue("合和中心");
  await expect.element(office.getByRole("combobox", { name: "區域" })).not.toHaveAttribute("aria-invalid");
});

test("a new value from outside clears the 'no matching address' line; the user's own edits keep it", async () => {
  const fetchSpy = vi
    .spyOn(window, "fetch")
    .mockImplementation(async () => Response.json({ SuggestedAddress: [] }));
  const full: Partial<AddressValue> = {
    region: "KLN",
    district: "KT",
    building: "淘大花園",
    buildingEn: "AMOY GARDENS",
    buildingLang: "zh",
  };
  function Page() {
    // Like the flows: the value the user changed comes back as the prop.
    const [value, setValue] = useState<Partial<AddressValue> | null>(null);
    return (
      <>
        <AddressSelector
          alsUrl="https://als.test/lookup"
          value={value}
          onNuChange={(d) => setValue(d.value)}
        />
        <button type="button" onClick={() => setValue(full)}>
          fill
        </button>
      </>
    );
  }
  try {
    render(<Page />);
    const building = page.getByRole("combobox", { name: "大廈／屋苑名稱" });
    await userEvent.fill(building, "zzzz");
    const none = page.getByRole("status").filter({ hasText: "找不到相符的地址" });
    await expect.element(none).toBeVisible();
    await expect.element(building).toHaveValue("zzzz");

    await userEvent.click(page.getByRole("button", { name: "fill" }));
    await expect.element(building).toHaveValue("淘大花園");
    await expect.element(none).not.toBeInTheDocument();
  } finally {
    fetchSpy.mockRestore();
  }
});

test("the address has a visible title by default (地址), and label replaces it", async () => {
  render(
    <>
      <AddressSelector name="home" />
      <AddressSelector name="office" label="公司地址" />
      <AddressSelector name="en" lang="en" />
    </>,
  );
  for (const name of ["地址", "公司地址", "Address"]) {
    const group = page.getByRole("group", { name, exact: true });
    await expect.element(group).toBeVisible();
    const legend = group.element().querySelector("legend");
    expect(legend?.textContent).toBe(name);
    expect(legend?.getBoundingClientRect().height).toBeGreaterThan(0);
  }
});
