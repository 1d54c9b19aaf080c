import { describe, expect, it } from "vitest";
import { devEnv } from "./dev.ts";

describe("npm run dev's environment", () => {
  it("leaves the address lookup alone without --offline", () => {
    expect(devEnv([], { PORT: "9090" })).toEqual({ PORT: "9090" });
  });

  it("points ALS_URL at the playback with --offline, on ALS_PORT or 8182", () => {
    expect(devEnv(["--offline"], {}).ALS_URL).toBe("http://127.0.0.1:8182/lookup");
    expect(devEnv(["--offline"], { ALS_PORT: "8482" })).toMatchObject({
      ALS_PORT: "8482",
      ALS_URL: "http://127.0.0.1:8482/lookup",
    });
  });
});
