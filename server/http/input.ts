/**
 * Reading request input: JSON bodies and query strings, both through a valibot schema; any
 * problem is a 400 VALIDATION_FAILED naming the first bad field.
 */
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import * as v from "valibot";
import { fieldOf, idempotencyKeySchema } from "../../lib/core/schemas.ts";
import { type AppEnv, header } from "./env.ts";
import { ApiFailure } from "./envelope.ts";

export const BODY_LIMIT_BYTES = 64 * 1024;

type AnySchema = v.GenericSchema<unknown, unknown>;

/** `value` by `schema`, or 400 VALIDATION_FAILED naming the bad field (`name`: a header's own). */
export function parse<S extends AnySchema>(schema: S, value: unknown, name?: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    throw new ApiFailure("VALIDATION_FAILED", { field: name ?? fieldOf(result.issues) });
  }
  return result.output as v.InferOutput<S>;
}

const utf8 = new TextDecoder();
const bodies = new WeakMap<Context, Promise<string>>();

/** Node's request, while nobody has started reading it (Hono's Request would otherwise be built). */
function unreadIncoming(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableFlowing !== null || incoming.readableEnded) return undefined;
  return incoming;
}

/**
 * The bytes of Node's request, at most BODY_LIMIT_BYTES (413 beyond, whatever Content-Length
 * said). Read straight from the socket stream: Hono's `c.req.text()` would first turn the light
 * request of @hono/node-server into a full undici Request with a web stream and an AbortSignal.
 */
function readIncoming(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT_BYTES) return void chunks.push(chunk);
      done();
      incoming.resume();
      reject(new ApiFailure("PAYLOAD_TOO_LARGE"));
    };
    const onEnd = () => {
      done();
      // As Response.text(): UTF-8, a leading byte-order mark dropped.
      resolve(utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(Object.assign(new Error("request closed before its body ended"), { code: "ECONNRESET" }));
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
}

/** The request body as text (read once; later calls get the same text). */
export function bodyText(c: Context): Promise<string> {
  let text = bodies.get(c);
  if (text === undefined) {
    const incoming = unreadIncoming(c);
    text = incoming ? readIncoming(incoming) : c.req.text();
    bodies.set(c, text);
  }
  return text;
}

/**
 * Content types a JSON body may come with: JSON's own, none, or `text/plain` (what `fetch()` sends
 * for a string body when the caller sets no type). Accepting the last opens no cross-site hole:
 * every call needs the `x-api-key` header, which a browser sends cross-origin only after a
 * preflight that the origin check answers. Forms (urlencoded, multipart) are refused.
 */
const JSON_BODY_TYPE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/plain)\s*(?:;|$)/i;

/** The JSON body, validated. A form body or unparsable JSON is refused. */
export async function jsonBody<S extends AnySchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = header(c as Context<AppEnv>, "content-type");
  const text = await bodyText(c);
  if (type !== undefined && !JSON_BODY_TYPE.test(type))
    throw new ApiFailure("VALIDATION_FAILED", { field: "" });
  if (text.length > BODY_LIMIT_BYTES / 3 && Buffer.byteLength(text) > BODY_LIMIT_BYTES)
    throw new ApiFailure("PAYLOAD_TOO_LARGE");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiFailure("VALIDATION_FAILED", { field: "" });
  }
  return parse(schema, value);
}

/**
 * The query string as one value per name (a repeated name is refused), validated. The query
 * schemas are plain objects: a name they do not know (a cache-buster such as `_=1700000000`) is
 * ignored, not refused.
 */
export function queryOf<S extends AnySchema>(c: Context, schema: S): v.InferOutput<S> {
  // No "?" in the request line: nothing to parse (Hono would still split the URL).
  const target = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.url;
  const all = target !== undefined && !target.includes("?") ? {} : c.req.queries();
  const single: Record<string, string> = Object.create(null);
  for (const [name, values] of Object.entries(all)) {
    if (values.length !== 1) throw new ApiFailure("VALIDATION_FAILED", { field: name });
    single[name] = values[0];
  }
  return parse(schema, single);
}

/** The request's `Idempotency-Key` header, checked (400 naming it when malformed), if any. */
export function idempotencyKeyOf(c: Context<AppEnv>): string | undefined {
  const raw = header(c, "idempotency-key");
  return raw === undefined ? undefined : parse(idempotencyKeySchema, raw, "Idempotency-Key");
}

/** A ticket header (`name`), checked against `pattern`; absent → undefined; malformed → 400 naming it. */
export function ticketOf(c: Context<AppEnv>, name: string, pattern: RegExp): string | undefined {
  const raw = header(c, name.toLowerCase() as Lowercase<string>);
  if (raw === undefined) return undefined;
  if (!pattern.test(raw)) throw new ApiFailure("VALIDATION_FAILED", { field: name });
  return raw;
}
