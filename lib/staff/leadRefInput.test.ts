import { describe, expect, it } from "vitest";
import { leadRefFrom } from "./leadRefInput.ts";

describe("leadRefFrom", () => {
  it("reads a plain reference, as scanned or typed with the usual slips", () => {
    expect(leadRefFrom("NU4K7P2QXM")).toBe("NU4K7P2QXM");
    expect(leadRefFrom("  nu4k7p2qxm ")).toBe("NU4K7P2QXM");
    expect(leadRefFrom("NU-4K7P-2QXM")).toBe("NU4K7P2QXM");
    expect(leadRefFrom("NU4K7P2QXO")).toBe("NU4K7P2QX0");
  });

  it("reads the reference from a staff link", () => {
    expect(leadRefFrom("https://shop.example/staff/result?id=NU4K7P2QXM")).toBe("NU4K7P2QXM");
    expect(leadRefFrom("https://shop.example/staff/redeem_center?leadId=nu4k7p2qxm")).toBe("NU4K7P2QXM");
  });

  it("refuses anything else", () => {
    expect(leadRefFrom("")).toBeNull();
    expect(leadRefFrom("NU4K7P2QX")).toBeNull();
    expect(leadRefFrom("XX4K7P2QXM")).toBeNull();
    expect(leadRefFrom("https://shop.example/?id=hello")).toBeNull();
    expect(leadRefFrom("WIFI:S:shop;T:WPA;P:secret;;")).toBeNull();
  });
});
