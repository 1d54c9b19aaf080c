/**
 * The environment as configFromEnv reads it (the process-level refusals are in productionMode.test.ts).
 */
import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { ConfigError, configFromEnv, productionProblems } from "../config.ts";
import { pgliteTemplateFile } from "./harness.ts";

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

describe("SMTP_URL", () => {
  const password = "Sup3rSecretPw";
  it.each([
    ["no scheme", `mailuser:${password}@smtp.example.com:465`],
    ["an unescaped # in the password", `smtps://mailuser:${password}#x@smtp.example.com:465`],
    ["not a URL", "notaurl"],
    ["another scheme", `https://mailuser:${password}@smtp.example.com`],
  ])("%s: refused with one line that names the variable and never shows the value", (_, value) => {
    const problems = problemsOf({ SMTP_URL: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SMTP_URL /);
    expect(problems[0]).not.toContain(password);
    expect(problems[0]).not.toContain("mailuser");
    expect(problems[0]).not.toContain("notaurl");
  });

  it("takes smtp:// and smtps:// URLs, percent-encoded passwords too", () => {
    expect(configFromEnv({ SMTP_URL: "smtps://u:p%23w@smtp.example.com:465" }).smtpUrl).toBe(
      "smtps://u:p%23w@smtp.example.com:465",
    );
    expect(configFromEnv({ SMTP_URL: "smtp://127.0.0.1:25" }).smtpUrl).toBe("smtp://127.0.0.1:25");
  });
});

describe("PGLITE_TEMPLATE", () => {
  it("starts the in-memory database from the dump: its data is there, no initdb or seed run", async () => {
    const file = await pgliteTemplateFile("demo");
    // SEED=none would start an empty database: the demo staff can only come from the dump.
    const config = configFromEnv({ DATABASE_URL: "memory://", PGLITE_TEMPLATE: file, SEED: "none" });
    expect(config.pgliteTemplateFile).toBe(file);
    const app = await createApp({ ...config, port: 0 });
    try {
      const { rows } = await app.deps.db.query<{ staff_id: string }>("SELECT staff_id FROM staff ORDER BY 1");
      expect(rows.map((r) => r.staff_id)).toEqual(["A001", "S001", "S002"]);
    } finally {
      await app.close();
    }
  });

  it("is refused with any other database, with a missing file, and in production", () => {
    expect(problemsOf({ PGLITE_TEMPLATE: "/tmp/x.tar" })).toEqual([
      "PGLITE_TEMPLATE only applies to DATABASE_URL=memory:// (the in-memory database)",
    ]);
    expect(problemsOf({ DATABASE_URL: "memory://", PGLITE_TEMPLATE: "/nonexistent/t.tar" })).toEqual([
      "PGLITE_TEMPLATE: no file at /nonexistent/t.tar",
    ]);
    expect(productionProblems({ PGLITE_TEMPLATE: "/tmp/x.tar" })).toContain(
      "PGLITE_TEMPLATE starts from a test database's copy: not in production",
    );
  });
});
