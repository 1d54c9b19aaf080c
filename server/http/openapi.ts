/**
 * The OpenAPI 3.1 document of /api, written at start from the routes themselves: each handler is
 * registered through `describe(doc, handler)`, which hangs its description on the handler, and
 * `openApiDocument` walks the app's routes (`app.routes`) and converts the valibot schemas the
 * handler validates with (query, path, body) and answers with (`response`: one `Data` item) by
 * @valibot/to-json-schema. Nothing is described twice, and a route without a description is
 * missing from the document, which server/test/operable.test.ts fails on.
 *
 *   .get("/invoices/:id", describe({ summary: "…", who: "staff", params: invoiceParamsSchema,
 *     response: invoiceAnswer, errors: ["NOT_FOUND"] }, async (c) => { … }))
 */
import { type ConversionConfig, toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from "../../lib/core/errorCodes.ts";
import {
  EVENT_DATA,
  EVENT_SUMMARIES,
  eventBodySchema,
  type PublicEventType,
} from "../services/eventSchemas.ts";

type AnySchema = v.GenericSchema<unknown, unknown>;
type JsonObject = Record<string, unknown>;

/** Who may call: decides the security requirement and the sign-in errors the call can answer. */
export type Caller = "any" | "customer" | "staff" | "customer or staff" | "admin";

export interface CallDoc {
  summary: string;
  /** A paragraph more, when the summary is not enough (Markdown). */
  description?: string;
  who: Caller;
  /** Grouping on the reference page (default: the path's first part). */
  tag?: string;
  query?: AnySchema;
  params?: AnySchema;
  body?: AnySchema;
  /** One item of `Data`; absent: `Data` is described as any array. */
  response?: AnySchema;
  /** The answer is a file of this type instead of the envelope. */
  file?: string;
  /** Error codes this call answers beyond the ones every call (and every signed-in call) may. */
  errors?: ErrorCode[];
  idempotencyKey?: boolean;
  /** Success status (default 200). */
  status?: 200 | 201;
  /** Served without the API key (the reference itself). */
  open?: boolean;
  /** Extra headers of the request, e.g. the staff code step's ticket. */
  headers?: { name: string; description: string }[];
}

const DOC = Symbol.for("nu-forms.api-doc");

/** `handler`, carrying its description: register it as the route's handler. */
export function describe<H extends (...args: never[]) => unknown>(doc: CallDoc, handler: H): H {
  (handler as unknown as Record<symbol, CallDoc>)[DOC] = doc;
  return handler;
}

/**
 * The description a route's handler carries, if any. `app.route()` keeps a sub-app's handlers as
 * they are (none of ours sets its own error handler, which is when Hono would wrap them).
 */
export function docOf(handler: unknown): CallDoc | undefined {
  return (handler as Record<symbol, CallDoc | undefined> | undefined)?.[DOC];
}

/** The /api routes of `app` an outside caller can reach: method and path (`:id` form). */
interface RouteTable {
  routes: { method: string; path: string; handler: unknown }[];
}

export function apiRoutes(app: RouteTable): RouteTable["routes"] {
  return app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.includes("*"));
}

const CONVERT: ConversionConfig = { target: "draft-2020-12", errorMode: "ignore" };

function jsonSchema(schema: AnySchema, typeMode: "input" | "output"): JsonObject {
  const { $schema: _, ...rest } = toJsonSchema(schema, { ...CONVERT, typeMode }) as JsonObject;
  return rest;
}

/** Every call may answer these (the gate, a bad body, the database away). */
const ALWAYS: ErrorCode[] = ["INVALID_API_KEY", "ORIGIN_NOT_ALLOWED", "INTERNAL", "SERVICE_UNAVAILABLE"];
const SIGNED_IN: ErrorCode[] = ["UNAUTHENTICATED", "TOKEN_EXPIRED", "SESSION_ENDED"];

function errorsOf(doc: CallDoc): ErrorCode[] {
  if (doc.open) return [];
  const codes = new Set<ErrorCode>(ALWAYS);
  if (doc.query || doc.params || doc.body || doc.idempotencyKey) codes.add("VALIDATION_FAILED");
  if (doc.body) codes.add("PAYLOAD_TOO_LARGE");
  if (doc.who !== "any") for (const code of SIGNED_IN) codes.add(code);
  if (doc.who === "admin") codes.add("FORBIDDEN");
  for (const code of doc.errors ?? []) codes.add(code);
  return [...codes];
}

function parameters(schema: AnySchema | undefined, where: "query" | "path"): JsonObject[] {
  if (!schema) return [];
  const json = jsonSchema(schema, "input");
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties as Record<string, JsonObject> | undefined) ?? {}).map(
    ([name, s]) => ({
      name,
      in: where,
      required: where === "path" || required.has(name),
      schema: s,
    }),
  );
}

function securityOf(doc: CallDoc): JsonObject[] {
  if (doc.open) return [];
  return doc.who === "any" ? [{ apiKey: [] }] : [{ apiKey: [], bearer: [] }];
}

function operation(method: string, path: string, doc: CallDoc): JsonObject {
  const headers = [
    ...(doc.idempotencyKey
      ? [
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description:
              "1–100 printable ASCII characters: a retry with the same key and body gets the first answer.",
            schema: { type: "string", minLength: 1, maxLength: 100 },
          },
        ]
      : []),
    ...(doc.headers ?? []).map((h) => ({
      name: h.name,
      in: "header",
      required: false,
      description: h.description,
      schema: { type: "string" },
    })),
  ];
  const responses: JsonObject = {};
  const ok = String(doc.status ?? 200);
  responses[ok] = doc.file
    ? { description: "The file", content: { [doc.file]: { schema: { type: "string" } } } }
    : {
        description: "OK",
        content: {
          "application/json": {
            schema: {
              allOf: [
                { $ref: "#/components/schemas/Envelope" },
                {
                  type: "object",
                  properties: {
                    Data: { type: "array", items: doc.response ? jsonSchema(doc.response, "output") : {} },
                  },
                },
              ],
            },
          },
        },
      };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(doc)) {
    const status = ERROR_STATUS[code];
    if (!status) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] = {
      description: codes.map((c) => `\`${c}\``).join(", "),
      content: {
        "application/json": {
          schema: {
            allOf: [
              { $ref: "#/components/schemas/Failure" },
              { type: "object", properties: { Error: { enum: codes } } },
            ],
          },
        },
      },
    };
  }
  const who = `Who may call: ${doc.who}.`;
  return {
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? "").toUpperCase())}`,
    summary: doc.summary,
    description: doc.description ? `${who}\n\n${doc.description}` : who,
    tags: [doc.tag ?? path.split("/")[2]],
    security: securityOf(doc),
    parameters: [...parameters(doc.params, "path"), ...parameters(doc.query, "query"), ...headers],
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(doc.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

function webhooks(): JsonObject {
  const hooks: JsonObject = {};
  for (const type of Object.keys(EVENT_DATA) as PublicEventType[]) {
    hooks[type] = {
      post: {
        summary: EVENT_SUMMARIES[type],
        description:
          "Sent as Standard Webhooks: headers `webhook-id` (the same on every retry), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`).",
        requestBody: {
          required: true,
          content: { "application/json": { schema: jsonSchema(eventBodySchema(type), "output") } },
        },
        responses: {
          "200": {
            description: "Received (any 2xx); a time-out, 429 or 5xx is retried with back-off for 24 hours",
          },
        },
      },
    };
  }
  return hooks;
}

/** The document of every described /api route of `app`. */
export function openApiDocument(app: RouteTable, info: { version: string; title?: string }): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of apiRoutes(app)) {
    const doc = docOf(route.handler);
    if (!doc) continue;
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route.method, route.path, doc);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: info.title ?? "nu-forms API",
      version: info.version,
      description:
        "Every answer is the envelope `{ Code, Message, Data: [...] }` with the HTTP status equal to `Code`; a refusal adds `Error` (a machine code) and, for bad input, `Field` (the dotted path of the first bad field). Every call needs the `x-api-key` header.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      },
      schemas: {
        Envelope: {
          type: "object",
          required: ["Code", "Message", "Data"],
          properties: { Code: { type: "integer" }, Message: { type: "string" }, Data: { type: "array" } },
        },
        Failure: {
          type: "object",
          required: ["Code", "Message", "Data", "Error"],
          properties: {
            Code: { type: "integer" },
            Message: { type: "string", description: "zh-HK text of the error" },
            Data: { type: "array" },
            Error: { type: "string", enum: [...ERROR_CODES].filter((c) => ERROR_STATUS[c] !== 0) },
            Field: {
              type: "string",
              description: "The dotted path of the first bad field (`address.floor`)",
            },
          },
        },
      },
    },
    paths,
    webhooks: webhooks(),
  };
}
