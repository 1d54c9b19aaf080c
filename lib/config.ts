/**
 * Page-wide configuration of the elements. Each value is taken from the first of:
 * an explicit attribute/prop (`overrides`) > `configure({…})` > `<meta name="nu-forms:…" content>`
 * in the document > what the API server said (`learnFromServer`) > the default. Empty strings count as "not given". The document is read inside
 * `resolveConfig` only, so importing this module is safe in Node.
 */
import { ALS_DEFAULT_URL } from "./core/alsUrl.ts";

export interface NuConfig {
  /** Base URL of the HTTP API (default `/api` on the page's origin). */
  apiBase: string;
  /** The `x-api-key` header value. */
  apiKey: string;
  /** Address Lookup Service URL. */
  alsUrl: string;
  /** Where the maintenance record is read. */
  maintenanceUrl: string;
  /** Where maintenance sends people. */
  maintenancePageUrl: string;
}

export type ConfigOverrides = { [K in keyof NuConfig]?: string | null };

/** The `<meta name>` each value can come from. */
export const CONFIG_META_NAMES: Record<keyof NuConfig, string> = {
  apiBase: "nu-forms:api-base",
  apiKey: "nu-forms:api-key",
  alsUrl: "nu-forms:als-url",
  maintenanceUrl: "nu-forms:maintenance-url",
  maintenancePageUrl: "nu-forms:maintenance-page-url",
};

const KEYS = Object.keys(CONFIG_META_NAMES) as (keyof NuConfig)[];

let configured: ConfigOverrides = {};
let learned: ConfigOverrides = {};

/** Sets page-wide values (merged with earlier calls). */
export function configure(values: ConfigOverrides): void {
  configured = { ...configured, ...values };
}

/**
 * Keeps what the API server names in its answers (the address lookup its own pages use, header
 * ALS_URL_HEADER), so a page on another origin needs no `nu-forms:als-url` of its own.
 */
export function learnFromServer(values: Pick<ConfigOverrides, "alsUrl">): void {
  learned = { ...learned, ...values };
}

/** Forgets every `configure()` value and what the server said (tests). */
export function resetConfig(): void {
  configured = {};
  learned = {};
}

/** What the configuration reads from the page: its origin and its `<meta>` tags. */
export interface PageContext {
  origin: string;
  meta(name: string): string | undefined;
}

/** The current page, looked up when called (no document in Node: empty origin, no meta tags). */
export function currentPage(): PageContext {
  let origin = "";
  try {
    if (typeof location !== "undefined" && /^https?:$/.test(location.protocol)) origin = location.origin;
  } catch {
    // location unreadable (sandboxed frame): keep the relative default
  }
  return {
    origin,
    meta(name) {
      if (typeof document === "undefined") return undefined;
      return document.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? undefined;
    },
  };
}

/**
 * The defaults. The maintenance record and page belong to the API's server, so on a brand site
 * whose `api-base` names another origin they follow it (`…/api/maintenance`, that server's
 * `/maintenance`), not the brand page's own origin.
 */
function defaults(origin: string, apiBase = "/api"): NuConfig {
  const api = apiBase.replace(/\/+$/, "");
  const apiOrigin = originOf(api, origin);
  return {
    apiBase: `${origin}/api`,
    apiKey: "",
    alsUrl: ALS_DEFAULT_URL,
    maintenanceUrl: `${api}/maintenance`,
    maintenancePageUrl: apiOrigin === origin ? "/maintenance" : `${apiOrigin}/maintenance`,
  };
}

/** The origin of `url` read against the page's origin (the page's own when it cannot be read). */
function originOf(url: string, pageOrigin: string): string {
  try {
    return new URL(url, pageOrigin || undefined).origin;
  } catch {
    return pageOrigin;
  }
}

const given = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

export function resolveConfig(overrides: ConfigOverrides = {}, page: PageContext = currentPage()): NuConfig {
  const pick = (key: keyof NuConfig) =>
    [overrides[key], configured[key], page.meta(CONFIG_META_NAMES[key]), learned[key]].find(given)?.trim();
  const fallback = defaults(page.origin, pick("apiBase"));
  const resolved = {} as NuConfig;
  for (const key of KEYS) resolved[key] = pick(key) ?? fallback[key];
  return resolved;
}
