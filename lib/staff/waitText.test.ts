import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors.ts";
import { failureText, waitText } from "./useStaffApi.ts";

// 2026-11-23 10:20 in Hong Kong.
const NOW = Date.parse("2026-11-23T02:20:00Z");
const locked = (retryAfterS?: number) =>
  new ApiError({ status: 423, code: "STAFF_LOCKED", message: "帳戶已暫時鎖定，請稍後再試。", retryAfterS });

describe("waitText", () => {
  it("says when a locked-out staff member can sign in again, in Hong Kong time", () => {
    expect(waitText("zh-HK", locked(900), NOW)).toBe("帳戶已暫時鎖定，請於 10:35（約 15 分鐘後）再登入。");
    expect(waitText("en", locked(61), NOW)).toBe(
      "This account is locked for now. You can sign in again at 10:22 (in about 2 min).",
    );
  });
  it("covers a limit too, and nothing else", () => {
    const limited = new ApiError({ status: 429, code: "RATE_LIMITED", message: "x", retryAfterS: 30 });
    expect(waitText("zh-HK", limited, NOW)).toBe("嘗試次數太多，請於 10:21（約 1 分鐘後）再試。");
    expect(waitText("zh-HK", locked(), NOW)).toBe("");
    const other = new ApiError({ status: 400, code: "VALIDATION_FAILED", message: "x", retryAfterS: 5 });
    expect(waitText("zh-HK", other, NOW)).toBe("");
  });
  it("falls back to the server's words without Retry-After", () => {
    expect(failureText("zh-HK", locked())).toBe("帳戶已暫時鎖定，請稍後再試。");
  });
});

describe("failureText before the lock-out", () => {
  const wrong = (triesLeft?: number) =>
    new ApiError({
      status: 401,
      code: "INVALID_CREDENTIALS",
      message: "職員編號或密碼不正確。",
      data: triesLeft === undefined ? [] : [{ tries_left: triesLeft }],
    });
  it("warns when two wrong tries or fewer are left", () => {
    expect(failureText("zh-HK", wrong(2))).toBe("職員編號或密碼不正確。再輸入錯誤 2 次，帳戶便會暫時鎖定。");
    expect(failureText("en", wrong(1))).toBe(
      "The staff ID or password is not correct. Wrong tries left before the account is locked for a while: 1.",
    );
  });
  it("says nothing more with more tries left, or without the number", () => {
    expect(failureText("zh-HK", wrong(3))).toBe("職員編號或密碼不正確。");
    expect(failureText("zh-HK", wrong())).toBe("職員編號或密碼不正確。");
  });
});
