/**
 * Reading request input: JSON bodies and query strings, both through a valibot schema; any
 * problem is a 400 VALIDATION_FAILED naming the first bad field.
 */
import type { Context } from "hono";
import * as v from "valibot";
import { fieldOf } from "../../lib/core/schemas.ts";
import { ApiFailure } from "./envelope.ts";

export const BODY_LIMIT_BYTES = 64 * 1024;

type AnySchema = v.GenericSchema<unknown, unknown>;

export function parse<S extends AnySchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ApiFailure("VALIDATION_FAILED", { field: fieldOf(result.issues) });
  return result.output as v.InferOutput<S>;
}

/** The JSON body, validated. Anything but `application/json` or unparsable JSON is refused. */
export async function jsonBody<S extends AnySchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header("content-type") ?? "";
  const text = await c.req.text();
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new ApiFailure("VALIDATION_FAILED", { field: "" });
  if (Buffer.byteLength(text) > BODY_LIMIT_BYTES) throw new ApiFailure("PAYLOAD_TOO_LARGE");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiFailure("VALIDATION_FAILED", { field: "" });
  }
  return parse(schema, value);
}

/** The query string as one value per name (a repeated name is refused), validated. */
export function queryOf<S extends AnySchema>(c: Context, schema: S): v.InferOutput<S> {
  const all = c.req.queries();
  const single: Record<string, string> = Object.create(null);
  for (const [name, values] of Object.entries(all)) {
    if (values.length !== 1) throw new ApiFailure("VALIDATION_FAILED", { field: name });
    single[name] = values[0];
  }
  return parse(schema, single);
}
