/** Shared steps of the embedding specs (e2e/embed*.spec.ts). */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";

export const REPO_ROOT = resolve(import.meta.dirname, "..");
export const ENTRY_HEADING = "登記成為 nu 會員";

/** Waits until `<nu-form>` shows its entry step, settled (no loading line). */
export async function nuFormReady(page: Page): Promise<Locator> {
  await expect(page.getByRole("heading", { name: ENTRY_HEADING })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^載入中/ })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  return page.locator("nu-form");
}

/** Content-Security-Policy violations the page reports, collected from before its first script. */
export async function collectCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

export interface ImageDiff {
  width: number;
  height: number;
  /** Pixels whose colour differs by more than the per-channel tolerance. */
  differing: number;
  ratio: number;
}

/**
 * Compares two PNG screenshots pixel by pixel in a scratch page of the browser (its canvas decodes
 * them; no image library needed). Sizes must be equal.
 */
export async function compareScreenshots(
  browser: Browser,
  a: Buffer,
  b: Buffer,
  tolerance = 24,
): Promise<ImageDiff> {
  const scratch = await browser.newPage();
  try {
    return await scratch.evaluate(
      async ({ left, right, tolerance }) => {
        const decode = async (base64: string) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
          context.drawImage(bitmap, 0, 0);
          return context.getImageData(0, 0, bitmap.width, bitmap.height);
        };
        const [x, y] = await Promise.all([decode(left), decode(right)]);
        if (x.width !== y.width || x.height !== y.height) {
          throw new Error(`sizes differ: ${x.width}×${x.height} vs ${y.width}×${y.height}`);
        }
        let differing = 0;
        for (let i = 0; i < x.data.length; i += 4) {
          for (let c = 0; c < 4; c++) {
            if (Math.abs(x.data[i + c] - y.data[i + c]) > tolerance) {
              differing++;
              break;
            }
          }
        }
        return { width: x.width, height: x.height, differing, ratio: differing / (x.width * x.height) };
      },
      { left: a.toString("base64"), right: b.toString("base64"), tolerance },
    );
  } finally {
    await scratch.close();
  }
}

/** The budgets of .size-limit.json (what `npm run size` checks). */
export interface SizeBudget {
  name: string;
  path: string[];
  limit: string;
}

export function sizeBudgets(): SizeBudget[] {
  const raw = JSON.parse(readFileSync(resolve(REPO_ROOT, ".size-limit.json"), "utf8")) as Array<{
    name: string;
    path: string | string[];
    limit: string;
  }>;
  return raw.map((entry) => ({ ...entry, path: Array.isArray(entry.path) ? entry.path : [entry.path] }));
}

/** `dist/elements/chunks/base-*.js` → a RegExp for the served URL path `/elements/chunks/base-<hash>.js`. */
export function servedPathPattern(glob: string): RegExp {
  const path = glob.replace(/^dist\//, "/");
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*");
  return new RegExp(`^${escaped}$`);
}
