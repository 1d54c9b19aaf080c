import { describe, expect, it } from "vitest";
import { emailBreakParts } from "./EmailText.tsx";

describe("emailBreakParts", () => {
  it("breaks before @ and dots, and the parts join back to the address", () => {
    const email = "chan.tai.man.the.longest@mail.example.com.hk";
    expect(emailBreakParts(email)).toEqual([
      "chan",
      ".tai",
      ".man",
      ".the",
      ".longest",
      "@mail",
      ".example",
      ".com",
      ".hk",
    ]);
    expect(emailBreakParts(email).join("")).toBe(email);
  });
});
