import { describe, expect, it, vi } from "vitest";
import { batched, createLogger, LOG_BATCH_BYTES, LOG_FLUSH_MS, LOG_REDACT, logRequest } from "../log.ts";

describe("access log line", () => {
  it("is one JSON line of exactly the request's fields, also for a path with quotes and backslashes", () => {
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line));
    const path = '/api/x"y\\z';
    logRequest(logger, "k3x9q2-1f", "GET", path, 404, 3);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      reqId: "k3x9q2-1f",
      method: "GET",
      path,
      status: 404,
      ms: 3,
    });
  });

  it("censors personal data and secrets a caller passes by mistake (pino's redaction)", () => {
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line));
    const given = Object.fromEntries(LOG_REDACT.map((field) => [field, "a.person@example.com"]));
    logger.warn({ ...given, reqId: "r-1" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("a.person@example.com");
    expect(JSON.parse(lines[0])).toMatchObject({
      reqId: "r-1",
      ...Object.fromEntries(LOG_REDACT.map((field) => [field, "[redacted]"])),
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

describe("log batches", () => {
  it("hands lines on in one write per batch: at the size limit, after the time limit, or on flush", () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      let synced = 0;
      const out = batched({
        write: (text: string) => writes.push(text) > 0,
        flushSync: () => {
          synced++;
        },
      });
      const line = `${"x".repeat(99)}\n`;
      const perBatch = Math.ceil(LOG_BATCH_BYTES / line.length);
      for (let i = 0; i < perBatch - 1; i++) out.write(line);
      expect(writes).toEqual([]);
      out.write(line);
      expect(writes).toEqual([line.repeat(perBatch)]);
      out.write("late\n");
      vi.advanceTimersByTime(LOG_FLUSH_MS - 1);
      expect(writes).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(writes.at(-1)).toBe("late\n");
      out.write("last\n");
      out.flush();
      expect(writes.at(-1)).toBe("last\n");
      expect(synced).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
