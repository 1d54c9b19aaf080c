/**
 * The lead desk's place, kept in the page's query so that reload and Back return to it: which
 * view, the filters, and the cursors of the pages walked through (`cursor` repeated: the last is
 * the current page's; dropping it is the previous page). Keyset cursors only go forward, so the
 * way back is the trail itself.
 */
export type DeskView = "leads" | "lead" | "funnel" | "audit" | "webhooks";

export const FILTER_KEYS = ["q", "flow", "from", "to", "partner", "marketing", "redeemed"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

export interface DeskPlace {
  view: DeskView;
  filters: Filters;
  cursors: string[];
  /** The lead opened (view `lead`). */
  id?: string;
}

const TABS: readonly DeskView[] = ["funnel", "audit", "webhooks"];

export function readPlace(query: string): DeskPlace {
  const params = new URLSearchParams(query);
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const id = params.get("id")?.trim();
  const tab = params.get("tab") as DeskView | null;
  const view: DeskView = id ? "lead" : tab && TABS.includes(tab) ? tab : "leads";
  return { view, filters, cursors: params.getAll("cursor").filter(Boolean), id: id || undefined };
}

/** The query of a place, in a fixed order (the same place is the same URL). */
export function placeQuery(place: DeskPlace): [string, string][] {
  const entries: [string, string][] = [];
  if (place.view === "lead" && place.id) entries.push(["id", place.id]);
  else if (place.view !== "leads") entries.push(["tab", place.view]);
  for (const key of FILTER_KEYS) {
    const value = place.filters[key];
    if (value) entries.push([key, value]);
  }
  for (const cursor of place.cursors) entries.push(["cursor", cursor]);
  return entries;
}

/** The filters as the list, the export and the funnel calls take them. */
export function filterQuery(filters: Filters, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return params.toString();
}
