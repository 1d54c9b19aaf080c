/**
 * The answer shape of every /api call: `{ Code, Message, Data }`, plus `Error` (machine code) and,
 * for VALIDATION_FAILED, `Field` on failures. The HTTP status always equals `Code`.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERROR_STATUS, type ErrorCode } from "../../lib/core/errorCodes.ts";
import { errorMessage, type MessageParams } from "../../lib/core/i18n/index.ts";

export interface Envelope {
  Code: number;
  Message: string;
  Data: unknown[];
  Error?: ErrorCode;
  Field?: string;
}

/** A refused request. Thrown anywhere in a handler; the app turns it into the error envelope. */
export class ApiFailure extends Error {
  override readonly name = "ApiFailure";
  readonly code: ErrorCode;
  readonly field?: string;
  readonly data: unknown[];
  readonly params?: MessageParams;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    opts: { field?: string; data?: unknown[]; params?: MessageParams; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.code = code;
    this.field = opts.field;
    this.data = opts.data ?? [];
    this.params = opts.params;
    this.headers = opts.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code] || 500;
  }
}

export function failureEnvelope(failure: ApiFailure): Envelope {
  let message = errorMessage("zh-HK", failure.code, failure.params);
  if (failure.field) message = `${message}（${failure.field}）`;
  const body: Envelope = { Code: failure.status, Message: message, Data: failure.data, Error: failure.code };
  // The field a refusal is about, for bad input and for any other refusal that names one (a
  // duplicate invoice number, a consent staff may not give): pages show the message at that field.
  if (failure.code === "VALIDATION_FAILED" || failure.field !== undefined) body.Field = failure.field ?? "";
  return body;
}

export function sendFailure(c: Context, failure: ApiFailure): Response {
  for (const [name, value] of Object.entries(failure.headers ?? {})) c.header(name, value);
  return c.json(failureEnvelope(failure), failure.status as ContentfulStatusCode);
}

export function ok(c: Context, data: unknown[], status: 200 | 201 = 200): Response {
  const body: Envelope = { Code: status, Message: "OK", Data: data };
  return c.json(body, status);
}
