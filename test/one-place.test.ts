/**
 * Facts two programs must agree on, written once: the server's inline starter (server/html.ts),
 * the host shell (hosts/) and the element's hand-over (lib/flows/shared/) find the served sign-in
 * step and its status line by the constants of lib/core/firstPaint.ts, never by a copy of the text.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, it } from "vitest";
import { EMAIL_STATUS, SEND_ASKED, SERVED_STEP } from "../lib/core/firstPaint.ts";

const ROOT = resolve(import.meta.dirname, "..");

/** The source modules of the programs (their tests and e2e may spell the selectors out). */
const sources = execFileSync("git", ["ls-files", "lib", "hosts", "server"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith("server/test/"));

it.each([
  // The widget that draws the status line names its class; everyone else finds it by the constant.
  [EMAIL_STATUS, ["lib/widgets/EmailInput.tsx", "lib/widgets/emailSheet.ts"]],
  [SERVED_STEP, []],
  [SEND_ASKED, []],
])("%s is written only in lib/core/firstPaint.ts", (selector, owners) => {
  const text = selector.replace(/^\./, "");
  const copies = sources.filter(
    (file) =>
      file !== "lib/core/firstPaint.ts" &&
      !owners.includes(file) &&
      readFileSync(resolve(ROOT, file), "utf8").includes(text),
  );
  expect(copies).toEqual([]);
  const users = sources.filter((file) => {
    const code = readFileSync(resolve(ROOT, file), "utf8");
    return /\b(EMAIL_STATUS|SERVED_STEP|SEND_ASKED)\b/.test(code) && file !== "lib/core/firstPaint.ts";
  });
  expect(users).toEqual(
    expect.arrayContaining([
      "server/html.ts",
      "hosts/flows/firstStepPreview.tsx",
      "lib/flows/shared/signInHandOver.ts",
    ]),
  );
});
