import { describe, expect, it } from "vitest";
import { createLogger, logRequest } from "../log.ts";

const withoutTime = (line: string) => line.replace(/,"time":"[^"]*"/, "");

describe("access log line", () => {
  it("is the line pino writes for the same fields, also for a path with quotes and backslashes", () => {
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line));
    const path = '/api/x"y\\z';
    logger.info({ reqId: "k3x9q2-1f", method: "GET", path, status: 404, ms: 3 });
    logRequest(logger, "k3x9q2-1f", "GET", path, 404, 3);
    expect(lines).toHaveLength(2);
    expect(withoutTime(lines[1])).toBe(withoutTime(lines[0]));
    expect(JSON.parse(lines[1])).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      reqId: "k3x9q2-1f",
      method: "GET",
      path,
      status: 404,
      ms: 3,
    });
  });

  it("follows the logger's level: nothing below warn when the level is warn", () => {
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line));
    logger.level = "warn";
    logRequest(logger, "a-1", "GET", "/api/lead", 200, 1);
    expect(lines).toEqual([]);
  });
});
