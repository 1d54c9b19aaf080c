/** Shared steps of the embedding specs (e2e/embed*.spec.ts). */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";

export const REPO_ROOT = resolve(import.meta.dirname, "..");
export const ENTRY_HEADING = "以電郵登入";

/** Waits until `<nu-form>` shows its live entry step, settled (no stand-in, no loading line). */
export async function nuFormReady(page: Page): Promise<Locator> {
  await expect(page.getByRole("heading", { name: ENTRY_HEADING })).toBeVisible();
  // Neither a brand page's stand-in nor a host page's served step (both take text, not live).
  await expect(page.locator("nu-form .nu-stand-in, .first-step-preview")).toHaveCount(0);
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
  /** Blocks (pixels when `block` is 1) whose mean colour differs by more than the tolerance. */
  differing: number;
  blocks: number;
  ratio: number;
}

/**
 * Compares two PNG screenshots in a scratch page of the browser (its canvas decodes them; no image
 * library needed), pixel by pixel or as means of `block`×`block` squares. Sizes must be equal.
 */
export async function compareScreenshots(
  browser: Browser,
  a: Buffer,
  b: Buffer,
  options: { block?: number; tolerance?: number } = {},
): Promise<ImageDiff> {
  const scratch = await browser.newPage();
  try {
    return await scratch.evaluate(
      async ({ left, right, block, tolerance }) => {
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
        const columns = Math.ceil(x.width / block);
        const rows = Math.ceil(x.height / block);
        let differing = 0;
        for (let row = 0; row < rows; row++) {
          for (let column = 0; column < columns; column++) {
            const sums = [0, 0, 0, 0, 0, 0, 0, 0];
            let count = 0;
            for (let py = row * block; py < Math.min(x.height, (row + 1) * block); py++) {
              for (let px = column * block; px < Math.min(x.width, (column + 1) * block); px++) {
                const i = (py * x.width + px) * 4;
                for (let c = 0; c < 4; c++) {
                  sums[c] += x.data[i + c];
                  sums[c + 4] += y.data[i + c];
                }
                count++;
              }
            }
            for (let c = 0; c < 4; c++) {
              if (Math.abs(sums[c] - sums[c + 4]) / count > tolerance) {
                differing++;
                break;
              }
            }
          }
        }
        const blocks = columns * rows;
        return { width: x.width, height: x.height, differing, blocks, ratio: differing / blocks };
      },
      {
        left: a.toString("base64"),
        right: b.toString("base64"),
        block: options.block ?? 1,
        tolerance: options.tolerance ?? 24,
      },
    );
  } finally {
    await scratch.close();
  }
}

/** What each element's first step needs, as the build lists it (dist/elements/first-steps.json). */
export function firstStepFiles(tag: string): string[] {
  const manifest = JSON.parse(
    readFileSync(resolve(REPO_ROOT, "dist/elements/first-steps.json"), "utf8"),
  ) as Record<string, string[]>;
  return (manifest[tag] ?? []).map((file) => `/elements/${file}`);
}
