import type { ServerResponse } from "node:http";
import { isIPv6 } from "node:net";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";

export type AppEnv = { Bindings: HttpBindings; Variables: { requestId: string } };

/**
 * A request header, read from Node's own parsed headers: `c.req.header` would first build a
 * WHATWG Headers object from them on every request (it showed in the profile). Repeated headers
 * come as Node joins them (", ") or, for those HTTP allows once (Authorization, Content-Type,
 * Content-Length, Host …), the first one, as Node's servers always have.
 */
export function header(c: Context<AppEnv>, name: Lowercase<string>): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Sets a header of the answer on Node's own response, for what the pipeline adds to every answer
 * (request id, the /api gate's headers, CORS): `c.header` would build a WHATWG Headers object per
 * request and make every Response carry it (both showed in the profile). Node merges these with
 * the handler's Response's headers when it writes the head; the Response's win on the same name,
 * so a route can still loosen `Cache-Control`. `append` adds to a list header (`Vary`).
 */
export function setHeader(c: Context<AppEnv>, name: string, value: string, append = false): void {
  const outgoing = c.env?.outgoing as ServerResponse | undefined;
  if (!outgoing || typeof outgoing.setHeader !== "function") c.header(name, value, { append });
  else if (append && outgoing.hasHeader(name)) outgoing.appendHeader(name, value);
  else outgoing.setHeader(name, value);
}

/**
 * The address rate limits count by: the socket's peer, or with TRUST_PROXY=1 the last
 * X-Forwarded-For entry (the one our own proxy appended; earlier ones are the client's word),
 * an IPv6 one by its /64 (`limitedNetwork`).
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = header(c, "x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return limitedNetwork(last);
  }
  return limitedNetwork(c.env?.incoming?.socket?.remoteAddress ?? "unknown");
}

/**
 * What the address limits count: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:192.0.2.1`, or with a port, `192.0.2.1:443`, as some proxies forward it), an IPv6
 * address by its /64 (also `[2001:db8::1]:443`). Networks give each subscriber at least a /64
 * (RFC 6177), so counting single IPv6 addresses would give one phone 2^64 fresh starts; and a
 * port is the client's choice, so counting it would give one address 65 535 fresh starts.
 */
export function limitedNetwork(written: string): string {
  const address = withoutPort(written.trim());
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail] = address.split("%")[0].toLowerCase().split("::");
  // A dotted IPv4 tail (`::ffff:…` aside, e.g. NAT64's 64:ff9b::192.0.2.1) is two groups.
  const groups = (part: string | undefined) =>
    part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : [];
  const left = groups(head);
  const right = groups(tail);
  const all =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** `192.0.2.1:443` → `192.0.2.1`, `[2001:db8::1]:443` or `[2001:db8::1]` → `2001:db8::1`. */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d*)?$/.exec(address);
  if (bracketed) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d*$/.exec(address);
  return v4 ? v4[1] : address;
}

/** Whether an Origin header (lower-cased) is the server's own origin. */
export type OwnOrigin = (c: Context<AppEnv>, origin: string) => boolean;

/**
 * The server's own origin: PUBLIC_ORIGIN exactly when it is configured (the Host header is then
 * not consulted, so a rebound DNS name cannot pass as us); otherwise the request's scheme (with
 * TRUST_PROXY=1 the proxy's last X-Forwarded-Proto) and Host header, scheme included.
 */
export function ownOrigin(config: { publicOrigin: string | undefined; trustProxy: boolean }): OwnOrigin {
  const configured = config.publicOrigin;
  if (configured !== undefined) return (_c, origin) => origin === configured;
  return (c, origin) => {
    const host = header(c, "host")?.toLowerCase();
    return host !== undefined && origin === `${requestScheme(c, config.trustProxy)}://${host}`;
  };
}

/**
 * A page of the customer's, for a link in mail: `url` without its #fragment when it is http(s) on
 * the server's own origin or one in ALLOWED_ORIGINS (the origins allowed to call the API), else
 * undefined: a link in the brand's mail never leads to a page the brand did not allow.
 */
export function allowedPageUrl(
  c: Context<AppEnv>,
  config: { publicOrigin: string | undefined; trustProxy: boolean; allowedOrigins: readonly string[] },
  url: string | undefined,
): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined;
  const page = new URL(url);
  if (page.protocol !== "https:" && page.protocol !== "http:") return undefined;
  if (!config.allowedOrigins.includes(page.origin) && !ownOrigin(config)(c, page.origin)) return undefined;
  page.hash = "";
  return page.href;
}

/**
 * The origin customers reach this server at, for links in mail: PUBLIC_ORIGIN when configured,
 * otherwise the request's scheme and Host (as `ownOrigin` reads them).
 */
export function publicOriginOf(
  c: Context<AppEnv>,
  config: { publicOrigin: string | undefined; trustProxy: boolean },
): string {
  if (config.publicOrigin !== undefined) return config.publicOrigin;
  const host = header(c, "host")?.toLowerCase() ?? new URL(c.req.url).host;
  return `${requestScheme(c, config.trustProxy)}://${host}`;
}

/** The request's scheme: `https` or `http` (with TRUST_PROXY=1 the proxy's last X-Forwarded-Proto). */
export function requestScheme(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = header(c, "x-forwarded-proto")?.split(",").at(-1)?.trim().toLowerCase();
    if (forwarded === "https" || forwarded === "http") return forwarded;
  }
  return new URL(c.req.url).protocol.slice(0, -1);
}
