import { describe, expect, it } from "vitest";
import { errorMessage } from "../core/i18n/index.ts";
import { IncompleteError } from "../flows/shared/customerSignIn.ts";
import { ApiError } from "./errors.ts";
import { errorText } from "./errorText.ts";

const limited = new ApiError({
  status: 429,
  code: "RATE_LIMITED",
  message: "請求過於頻繁，請於 3 分鐘後再試。",
});

describe("errorText", () => {
  it("shows the server's own Chinese message on a zh-HK page", () => {
    expect(errorText("zh-HK", limited)).toBe("請求過於頻繁，請於 3 分鐘後再試。");
  });

  it("shows the catalogue's text for the code on an English page", () => {
    expect(errorText("en", limited)).toBe(errorMessage("en", "RATE_LIMITED"));
    expect(errorText("en", limited)).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("leaves out the field name the API adds for API users (the page shows the text at that field)", () => {
    const duplicate = new ApiError({
      status: 409,
      code: "INVOICE_EXISTS",
      message: "此發票號碼已有記錄。（invoice_no）",
      field: "invoice_no",
    });
    expect(errorText("zh-HK", duplicate)).toBe("此發票號碼已有記錄。");
    const unnamed = new ApiError({
      status: 409,
      code: "INVOICE_EXISTS",
      message: "此發票號碼已有記錄。（invoice_no）",
    });
    expect(errorText("zh-HK", unnamed)).toBe("此發票號碼已有記錄。（invoice_no）");
  });

  it("falls back to the catalogue when the server sent no message", () => {
    const bare = new ApiError({ status: 0, code: "NETWORK", message: "" });
    expect(errorText("zh-HK", bare)).toBe(errorMessage("zh-HK", "NETWORK"));
  });

  it("shows a browser-side refusal's own message", () => {
    expect(errorText("zh-HK", new IncompleteError("請先填寫寶寶資料"))).toBe("請先填寫寶寶資料");
  });

  it("says INTERNAL for anything that is not a coded failure", () => {
    for (const error of [new Error("boom"), "text", null, undefined, { code: 5 }]) {
      expect(errorText("zh-HK", error)).toBe(errorMessage("zh-HK", "INTERNAL"));
    }
  });
});
