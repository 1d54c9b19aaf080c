/**
 * Limits of the Node HTTP server against slow and greedy clients: deadlines for the
 * request head and the whole request (a body trickled in byte by byte is cut off), an idle
 * keep-alive limit, and a cap on open connections per client address. Behind a proxy
 * (TRUST_PROXY=1) every connection comes from the proxy, so the per-address cap is the proxy's job
 * there and is not applied.
 */
import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";

export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Default of MAX_CONNECTIONS_PER_ADDRESS (0 turns the cap off). */
export const MAX_CONNECTIONS_PER_ADDRESS = 256;

/** Options for http.createServer. */
export const SERVER_OPTIONS: ServerOptions = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  // How often Node checks the two deadlines above (default 30 s).
  connectionsCheckingInterval: 1_000,
};

/** The per-address connection cap (not behind a trusted proxy). */
export function capConnectionsPerAddress(
  server: Server,
  opts: { trustProxy: boolean; maxConnectionsPerAddress: number },
): void {
  const max = opts.maxConnectionsPerAddress;
  if (opts.trustProxy || max <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const n = (open.get(address) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(address, n);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
