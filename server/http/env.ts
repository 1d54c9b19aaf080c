import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";

export type AppEnv = { Bindings: HttpBindings; Variables: { requestId: string } };

/**
 * The address rate limits count by: the socket's peer, or with TRUST_PROXY=1 the last
 * X-Forwarded-For entry (the one our own proxy appended; earlier ones are the client's word).
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? "unknown";
}
