/** Shared steps of the widget specs (e2e/widgets*.spec.ts). */
import { expect, type Page } from "@playwright/test";
import { ALS_PLAYBACK_URL } from "./support/env.ts";
import { testFetch } from "./support/fetch.ts";

export const WIDGET_TAGS = [
  "nu-radio-group",
  "nu-card",
  "nu-select",
  "nu-email-input",
  "nu-date-picker",
  "nu-confirm-dialog",
  "nu-error-message",
  "nu-address-selector",
] as const;

/** Opens the gallery and waits until every widget element is defined and rendered. */
export async function openGallery(page: Page): Promise<void> {
  await page.goto("/demo/widgets");
  await page.evaluate(
    async (tags) => {
      await Promise.all(tags.map((tag) => customElements.whenDefined(tag)));
    },
    WIDGET_TAGS as unknown as string[],
  );
  await expect(page.locator("#address-empty .nu-address")).toBeVisible();
}

/** The gallery's event log lines (newest first) as text. */
export function eventLog(page: Page) {
  return page.locator("#event-log .event-line");
}

/** The lines of the event log written by one element for one event type. */
export function eventsOf(page: Page, source: string, type: string) {
  return page.locator(`#event-log .event-line[data-source="${source}"][data-type="${type}"]`);
}

/** The `detail` of the newest logged event of `type` from `source`. */
export async function lastDetail(page: Page, source: string, type: string): Promise<unknown> {
  const line = eventsOf(page, source, type).first();
  await expect(line).toBeAttached();
  const text = (await line.textContent()) ?? "";
  return JSON.parse(text.slice(`${source} ${type} `.length));
}

export interface AlsRequest {
  q: string;
  n: string | null;
  accept?: string;
  acceptLanguage?: string;
  at: number;
}

/**
 * Requests the ALS playback server has seen for exactly the query `q` since `sinceMs` (tests use
 * texts of their own; the playback server outlives a test and keeps older requests).
 */
export async function alsRequests(q: string, sinceMs: number): Promise<AlsRequest[]> {
  const response = await testFetch(new URL("/__requests", ALS_PLAYBACK_URL));
  const all = (await response.json()) as AlsRequest[];
  return all.filter((r) => r.q === q && r.at >= sinceMs);
}

/** The calendar's accessible name of a day (`2026-12-30` → 2026年12月30日). */
export function dayName(ymd: string): string {
  const [y, m, d] = ymd.split("-").map(Number);
  return `${y}年${m}月${d}日`;
}
