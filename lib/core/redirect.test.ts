import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect.ts";

describe("safeRedirectPath", () => {
  it.each([
    "/",
    "/staff/verification",
    "/staff/result?id=NU4K7P2QXM",
    "/staff/redeem_center?leadId=NU4K7P2QXM#top",
    "/customer/nuForm/product",
    "/search?q=100%25",
    "/staff/result?next=https://example.com", // a URL inside the query does not navigate
  ])("keeps the same-site path %j", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    ["empty", ""],
    ["null", null],
    ["undefined", undefined],
    ["protocol-relative", "//evil.example"],
    ["triple slash", "///evil.example"],
    ["backslash", "/\\evil.example"],
    ["backslashes only", "\\\\evil.example"],
    ["absolute https", "https://evil.example/"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,hi"],
    ["relative", "staff/home"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["encoded slash after slash", "/%2Fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["double-encoded slashes", "/%252F%252Fevil.example"],
    ["tab inside", "/\t/evil.example"],
    ["newline", "/staff\n/home"],
    ["encoded newline", "/%0A/evil.example"],
    ["NUL", "/staff\u0000"],
    ["DEL", "/staff\u007f"],
    ["leading space", " /staff/home"],
    ["double slash inside the path", "/staff//home"],
  ])("rejects %s", (_, value) => {
    expect(safeRedirectPath(value as string)).toBeNull();
  });
});
