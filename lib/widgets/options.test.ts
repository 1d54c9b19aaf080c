import { describe, expect, it } from "vitest";
import { normaliseOptions } from "./options.ts";

describe("normaliseOptions", () => {
  it("takes {value, label} objects and plain strings", () => {
    expect(normaliseOptions([{ value: "852", label: "+852 香港" }, "其他"])).toEqual([
      { value: "852", label: "+852 香港", disabled: false },
      { value: "其他", label: "其他" },
    ]);
  });

  it("turns numbers into strings, uses the value as a missing label, keeps disabled", () => {
    const raw = [{ value: 1, disabled: true }] as unknown as Parameters<typeof normaliseOptions>[0];
    expect(normaliseOptions(raw)).toEqual([{ value: "1", label: "1", disabled: true }]);
  });

  it("drops what is not an option, and reads a non-array (a bad JSON attribute) as no options", () => {
    const raw = [null, 5, { label: "no value" }, { value: "ok", label: "OK" }] as unknown as Parameters<
      typeof normaliseOptions
    >[0];
    expect(normaliseOptions(raw)).toEqual([{ value: "ok", label: "OK", disabled: false }]);
    expect(normaliseOptions({ value: "x" } as unknown as Parameters<typeof normaliseOptions>[0])).toEqual([]);
    expect(normaliseOptions(undefined)).toEqual([]);
  });
});
