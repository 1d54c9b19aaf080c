/**
 * The generated element types at work: test/types/ holds small programs that must compile against
 * them (plain TypeScript and Angular's addEventListener typing, React 19 JSX), with a
 * @ts-expect-error on each mistake they must catch (an unused one fails the check). Vue and Svelte
 * are checked in real apps by `npm run test:hosts`.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");

it("the element types compile where right and refuse wrong props and event types", {
  timeout: 180_000,
}, async () => {
  const result = await promisify(execFile)(
    process.execPath,
    [resolve(ROOT, "node_modules/typescript/bin/tsc"), "-p", resolve(ROOT, "test/types/tsconfig.json")],
    { cwd: ROOT },
  ).catch((error: { stdout: string; stderr: string }) => error);
  expect("stdout" in result ? `${result.stdout}${result.stderr}` : "").toBe("");
});
