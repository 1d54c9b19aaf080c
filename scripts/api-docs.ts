/**
 * The tables of docs/api.md, written from the code the server runs: each call's query and body
 * fields from the valibot schemas of lib/core/schemas.ts (the ones server/routes/*.ts validate
 * with), and the error codes from lib/core/errorCodes.ts with their zh-HK and English texts.
 * Each table sits between marker comments; the prose around them is written by hand:
 *
 *   <!-- nu-api:calls -->  …generated…  <!-- /nu-api -->
 *   <!-- nu-api:errors --> …generated…  <!-- /nu-api -->
 *
 *   node --import tsx scripts/api-docs.ts           rewrite the tables (npm run build:api-docs)
 *   node --import tsx scripts/api-docs.ts --check   fail when they are stale (npm run check:manifest)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ERROR_CODES, ERROR_STATUS } from "../lib/core/errorCodes.ts";
import { en } from "../lib/core/i18n/en.ts";
import { zhHK } from "../lib/core/i18n/zh-HK.ts";
import * as schemas from "../lib/core/schemas.ts";

/** A valibot schema or action, as far as this file reads it. */
interface Node {
  kind: "schema" | "validation" | "transformation" | string;
  type: string;
  pipe?: Node[];
  entries?: Record<string, Node>;
  wrapped?: Node;
  default?: unknown;
  item?: Node;
  options?: unknown[];
  literal?: unknown;
  requirement?: unknown;
  message?: unknown;
}

export interface Call {
  method: "GET" | "POST" | "PATCH" | "PUT";
  path: string;
  who: string;
  query?: unknown;
  body?: unknown;
  /** Path parameters, checked like a query. */
  params?: unknown;
  idempotencyKey?: boolean;
}

/** Every call of server/routes/*.ts with the schema it validates its input with. */
export const CALLS: Call[] = [
  { method: "GET", path: "/api/hospital_list", who: "any", query: schemas.hospitalQuerySchema },
  { method: "GET", path: "/api/clinic_list", who: "any", query: schemas.emptyQuerySchema },
  { method: "GET", path: "/api/product_image", who: "any", query: schemas.emptyQuerySchema },
  { method: "GET", path: "/api/legal_documents", who: "any", query: schemas.legalDocumentsQuerySchema },
  { method: "GET", path: "/api/redemption_offer", who: "any", query: schemas.redemptionOfferQuerySchema },
  { method: "GET", path: "/api/auth/challenge", who: "any", query: schemas.emailChallengeQuerySchema },
  { method: "POST", path: "/api/auth/email/code", who: "any", body: schemas.emailCodeRequestSchema },
  {
    method: "POST",
    path: "/api/auth/email/verify",
    who: "any",
    body: schemas.emailCodeVerifySchema,
    idempotencyKey: true,
  },
  { method: "GET", path: "/api/lead", who: "customer (own) / staff", query: schemas.leadQuerySchema },
  {
    method: "POST",
    path: "/api/lead",
    who: "customer",
    body: schemas.leadCreateSchema,
    idempotencyKey: true,
  },
  { method: "PATCH", path: "/api/lead", who: "customer (own) / staff", body: schemas.leadPatchSchema },
  { method: "POST", path: "/api/staff/login", who: "any", body: schemas.staffLoginSchema },
  { method: "POST", path: "/api/staff/otp", who: "any", body: schemas.staffOtpSchema, idempotencyKey: true },
  { method: "GET", path: "/api/staff", who: "staff", query: schemas.staffQuerySchema },
  { method: "POST", path: "/api/auth/sign-out", who: "staff or customer", body: schemas.signOutSchema },
  { method: "POST", path: "/api/auth/renew", who: "staff" },
  { method: "POST", path: "/api/redemptions", who: "staff", body: schemas.redemptionCreateSchema },
  {
    method: "POST",
    path: "/api/invoices",
    who: "staff",
    body: schemas.invoiceCreateSchema,
    idempotencyKey: true,
  },
  { method: "GET", path: "/api/invoices/:id", who: "staff", params: schemas.invoiceParamsSchema },
  { method: "GET", path: "/api/maintenance", who: "any", query: schemas.emptyQuerySchema },
  { method: "PUT", path: "/api/maintenance", who: "admin", body: schemas.maintenancePutSchema },
  { method: "GET", path: "/api/dev/outbox", who: "any, dev outbox only", query: schemas.outboxQuerySchema },
];

const asNode = (schema: unknown) => schema as Node;

/** The schema under its pipe, with every action of the pipe (nested pipes flattened). */
function unpipe(node: Node): { base: Node; actions: Node[] } {
  if (!node.pipe) return { base: node, actions: [] };
  const actions: Node[] = [];
  let base: Node = node;
  for (const [i, step] of node.pipe.entries()) {
    if (step.kind === "schema") {
      const inner = unpipe(i === 0 ? { ...step } : step);
      if (i === 0) base = inner.base;
      actions.push(...inner.actions);
    } else actions.push(step);
  }
  return { base: { ...base, pipe: undefined }, actions };
}

/** The checks' messages (the reason a value is refused) as the rule the value must keep. */
const CHECKS: Record<string, string> = {
  "invalid characters": "no control characters, bidi overrides or broken Unicode",
  "not a name": "a name: letters of any script, spaces, `-` `'` `.`",
  "not a date": "a real date",
  future: "not after today (Hong Kong)",
  "password policy": "the password policy",
  "not a lead reference": "a lead reference",
  "at most 2 decimals": "at most 2 decimals",
  "ISO 8601 with offset": "ISO 8601 date-time with an offset, or empty",
  "email or staff_id": "exactly one of `email` and `staff_id`",
};

const code = (text: string) => `\`${text.replaceAll("|", "\\|").replaceAll("`", "'")}\``;

function typeOf(node: Node): string {
  switch (node.type) {
    case "picklist":
      return (node.options ?? []).map((o) => code(JSON.stringify(o))).join(" \\| ");
    case "literal":
      return code(JSON.stringify(node.literal));
    case "array":
      return `array of ${node.item ? typeOf(unpipe(node.item).base) : "values"}`;
    case "strict_object":
    case "object":
    case "loose_object":
      return "object";
    case "union":
      return (node.options as Node[]).map((o) => typeOf(unpipe(o).base)).join(" or ");
    case "nullable":
    case "nullish":
      return `${node.wrapped ? typeOf(unpipe(node.wrapped).base) : "value"} or \`null\``;
    default:
      return node.type;
  }
}

/** The rules a value is held to, in words, from its pipe's actions. */
function rulesOf(actions: Node[], base: Node): string[] {
  const rules: string[] = [];
  const lengths = actions.filter((a) => a.type === "max_length").map((a) => Number(a.requirement));
  const unit = base.type === "array" ? "entries" : "characters";
  if (lengths.length) rules.push(`at most ${Math.min(...lengths)} ${unit}`);
  for (const a of actions) {
    const req = a.requirement;
    switch (a.type) {
      case "min_length":
        rules.push(req === 1 ? "not empty" : `at least ${req} ${unit}`);
        break;
      case "non_empty":
        rules.push("not empty");
        break;
      case "regex": {
        const source = (req as RegExp).source;
        rules.push(source.length <= 48 ? `matches ${code(`/${source}/`)}` : "pattern of lib/core/schemas.ts");
        break;
      }
      case "min_value":
        rules.push(`≥ ${req}`);
        break;
      case "max_value":
        rules.push(`≤ ${req}`);
        break;
      case "gt_value":
        rules.push(`> ${req}`);
        break;
      case "lt_value":
        rules.push(`< ${req}`);
        break;
      case "integer":
        rules.push("whole number");
        break;
      case "uuid":
        rules.push("a UUID");
        break;
      case "trim":
        rules.push("trimmed");
        break;
      case "to_lower_case":
        rules.push("lower-cased");
        break;
      case "to_upper_case":
        rules.push("upper-cased");
        break;
      case "transform":
        rules.push("normalised");
        break;
      case "check":
        if (typeof a.message === "string") rules.push(CHECKS[a.message] ?? `refused when: ${a.message}`);
        break;
    }
  }
  return [...new Set(rules)];
}

interface Row {
  field: string;
  type: string;
  required: string;
  rules: string;
}

/** One row per field, nested objects (and the objects of arrays) as dotted paths. */
function rowsOf(schema: unknown, prefix = ""): Row[] {
  const { base } = unpipe(asNode(schema));
  const rows: Row[] = [];
  for (const [name, raw] of Object.entries(base.entries ?? {})) {
    let node = asNode(raw);
    let required = "yes";
    let fallback: unknown;
    while (node.type === "optional" || node.type === "nullish" || node.type === "exact_optional") {
      required = "no";
      fallback = node.default;
      node = node.wrapped as Node;
    }
    const { base: inner, actions } = unpipe(node);
    const nullable = inner.type === "nullable";
    const value = nullable ? unpipe(inner.wrapped as Node) : { base: inner, actions };
    const rules = rulesOf([...actions, ...(nullable ? value.actions : [])], value.base);
    if (fallback !== undefined && typeof fallback !== "function")
      rules.push(`default ${code(JSON.stringify(fallback))}`);
    const field = `${prefix}${name}`;
    rows.push({
      field: code(field),
      type: nullable ? `${typeOf(value.base)} or \`null\`` : typeOf(value.base),
      required,
      rules: rules.join("; "),
    });
    if (value.base.entries) rows.push(...rowsOf(value.base, `${field}.`));
    if (value.base.type === "array" && value.base.item && unpipe(value.base.item).base.entries) {
      rows.push(...rowsOf(value.base.item, `${field}.N.`));
    }
  }
  return rows;
}

function table(rows: Row[]): string {
  if (!rows.length) return "";
  return [
    "| field | type | required | rules |",
    "|---|---|---|---|",
    ...rows.map((r) => `| ${r.field} | ${r.type} | ${r.required} | ${r.rules} |`),
  ].join("\n");
}

function callSection(call: Call): string {
  const parts = [`### \`${call.method} ${call.path}\``, "", `Who may call: ${call.who}.`];
  if (call.idempotencyKey)
    parts.push("Takes an `Idempotency-Key` header (1–100 printable ASCII characters).");
  const inputs: Array<[string, unknown]> = [
    ["Path", call.params],
    ["Query", call.query],
    ["Body (JSON)", call.body],
  ];
  let any = false;
  for (const [label, schema] of inputs) {
    if (!schema) continue;
    const rows = rowsOf(schema);
    if (!rows.length) continue;
    any = true;
    const strict = unpipe(asNode(schema)).base.type === "strict_object";
    const note =
      label === "Query"
        ? "unknown names are ignored"
        : strict
          ? "unknown fields are refused"
          : "other fields are accepted and not kept";
    parts.push("", `${label} (${note}):`, "", table(rows));
  }
  if (!any) parts.push(call.method === "GET" ? "No query." : "No body (`{}` or none).");
  return parts.join("\n");
}

export function renderCalls(): string {
  return CALLS.map(callSection).join("\n\n");
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

export function renderErrors(): string {
  const zh = zhHK as Record<string, string>;
  const english = en as Record<string, string>;
  return [
    "| `Error` | HTTP status | zh-HK `Message` | English text |",
    "|---|---:|---|---|",
    ...ERROR_CODES.map((name) => {
      const status = ERROR_STATUS[name];
      const shown = status === 0 ? "— (the client's own: no answer)" : String(status);
      return `| \`${name}\` | ${shown} | ${cell(zh[`errors.${name}`] ?? "")} | ${cell(english[`errors.${name}`] ?? "")} |`;
    }),
  ].join("\n");
}

const NOTE =
  "<!-- generated by `npm run build:api-docs` (scripts/api-docs.ts): edit the schemas, not this table -->";
const BLOCK = /<!-- nu-api:([a-z]+) -->\n[\s\S]*?<!-- \/nu-api -->/g;

/** The file with every marked block rewritten; throws when a block is unknown or missing. */
export function fillApiDocs(text: string): string {
  const blocks: Record<string, () => string> = { calls: renderCalls, errors: renderErrors };
  const seen = new Set<string>();
  const filled = text.replace(BLOCK, (_, name: string) => {
    const render = blocks[name];
    if (!render) throw new Error(`docs/api.md: <!-- nu-api:${name} --> names no table`);
    seen.add(name);
    return `<!-- nu-api:${name} -->\n${NOTE}\n\n${render()}\n\n<!-- /nu-api -->`;
  });
  for (const name of Object.keys(blocks)) {
    if (!seen.has(name)) throw new Error(`docs/api.md: no <!-- nu-api:${name} --> … <!-- /nu-api --> block`);
  }
  return filled;
}

export const API_DOC = join(resolve(import.meta.dirname, ".."), "docs/api.md");

function main() {
  const check = process.argv.includes("--check");
  const current = readFileSync(API_DOC, "utf8");
  const filled = fillApiDocs(current);
  if (check) {
    if (filled !== current) {
      console.error("docs/api.md is stale: run `npm run build:api-docs` and commit the result.");
      process.exit(1);
    }
    console.log("docs/api.md is current.");
    return;
  }
  if (filled !== current) writeFileSync(API_DOC, filled);
  console.log(filled === current ? "docs/api.md was current." : "docs/api.md written.");
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
