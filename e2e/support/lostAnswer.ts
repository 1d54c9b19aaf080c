import type { Page } from "@playwright/test";

/**
 * The first request to `url` (only `method`'s, when given) reaches the server, which does what it
 * asks, but its answer never reaches the page, as on a phone that loses the network at that moment.
 * Later requests pass. `keys` collects the Idempotency-Key of every request to `url`; `answer()`
 * is the body of the answer that was lost, once it came.
 */
export async function loseFirstAnswer(
  page: Page,
  url: string,
  method?: string,
): Promise<{ keys: string[]; answer: () => unknown }> {
  const keys: string[] = [];
  let lost = false;
  let body: unknown;
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    const first = !lost;
    lost = true;
    keys.push((await route.request().headerValue("idempotency-key")) ?? "");
    if (!first) return route.fallback();
    const answer = await route.fetch();
    body = await answer.json().catch(() => undefined);
    await route.abort();
  });
  return { keys, answer: () => body };
}
