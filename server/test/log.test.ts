import { describe, expect, it, vi } from "vitest";
import { batched, createLogger, LOG_BATCH_BYTES, LOG_FLUSH_MS, logRequest } from "../log.ts";

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

describe("log batches", () => {
  it("hands lines on in one write per batch: at the size limit, after the time limit, or on flushSync", () => {
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
      out.flushSync?.();
      expect(writes.at(-1)).toBe("last\n");
      expect(synced).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
