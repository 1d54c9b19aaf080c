/**
 * The environment as configFromEnv reads it (the process-level refusals are in productionMode.test.ts).
 */
import { describe, expect, it } from "vitest";
import { ConfigError, configFromEnv } from "../config.ts";

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    configFromEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("TRUST_PROXY", () => {
  it.each(["1", "true", "TRUE", "yes", "Yes", " true "])("%j is on", (value) => {
    expect(configFromEnv({ TRUST_PROXY: value }).trustProxy).toBe(true);
  });

  it.each([undefined, "", "0", "false", "False", "no", "NO"])("%j is off", (value) => {
    expect(configFromEnv({ TRUST_PROXY: value }).trustProxy).toBe(false);
  });

  it.each(["on", "2", "ture", "enabled"])("%j is refused with one line naming the variable", (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([
      `TRUST_PROXY must be 1/true/yes (on) or 0/false/no (off), got "${value}"`,
    ]);
  });
});
