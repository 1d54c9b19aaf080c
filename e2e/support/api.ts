/** Small helpers for e2e tests that talk to the real API directly (set-up and checks). */

import { newLeadBody } from "../../server/test/leadBody.ts";
import { API_KEY, BASE_URL, DEMO_PASSWORD } from "./env.ts";
import { testFetch } from "./fetch.ts";

export interface Envelope<T = Record<string, unknown>> {
  Code: number;
  Message: string;
  Data: T[];
  Error?: string;
  Field?: string;
}

export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    base?: string;
    headers?: Record<string, string>;
    /** Sees the answer's headers (the staff code step's ticket). */
    onHeaders?: (headers: Headers) => void;
  } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { "x-api-key": API_KEY, ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await testFetch(`${options.base ?? BASE_URL}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  options.onHeaders?.(response.headers);
  return (await response.json()) as Envelope<T>;
}

/**
 * The staff password step through the API, with the code step's ticket it hands out (the header
 * the code step needs back; a browser on the same origin sends the cookie instead).
 */
export async function staffPasswordStep<T = Record<string, string>>(
  staffId: string,
  base?: string,
): Promise<{ login: Envelope<T>; ticket: Record<string, string> }> {
  let ticket: Record<string, string> = {};
  const login = await api<T>("POST", "/staff/login", {
    base,
    body: { staff_id: staffId, password: DEMO_PASSWORD },
    onHeaders: (headers) => {
      const value = headers.get("x-staff-code-ticket");
      if (value !== null) ticket = { "x-staff-code-ticket": value };
    },
  });
  return { login, ticket };
}

/** The newest code the dev outbox holds for a customer e-mail or a staff id. */
export async function outboxCode(
  who: { email: string } | { staff_id: string },
  base?: string,
): Promise<string> {
  const query = "email" in who ? `email=${encodeURIComponent(who.email)}` : `staff_id=${who.staff_id}`;
  const answer = await api<{ code: string }>("GET", `/dev/outbox?${query}`, { base });
  const code = answer.Data[0]?.code;
  if (!code) throw new Error(`no code in the dev outbox for ${query}`);
  return code;
}

/** The confirmation mails (newest first) the dev outbox holds for a customer e-mail: their texts. */
export async function outboxConfirmations(email: string, base?: string): Promise<string[]> {
  const answer = await api<{ text: string }>(
    "GET",
    `/dev/outbox?email=${encodeURIComponent(email)}&kind=confirmation`,
    { base },
  );
  return answer.Data.map((entry) => entry.text);
}

/** Signs a staff member in through the real API (one-time code included) and returns the token. */
export async function staffToken(staffId: "S001" | "S002" | "A001", base?: string): Promise<string> {
  const { login, ticket } = await staffPasswordStep<{ staff_token: string; need_otp: string }>(staffId, base);
  const record = login.Data[0];
  if (record?.staff_token) return record.staff_token;
  const code = await outboxCode({ staff_id: staffId }, base);
  const otp = await api<{ staff_token: string }>("POST", "/staff/otp", {
    base,
    body: { staff_id: staffId, code },
    headers: ticket,
  });
  const token = otp.Data[0]?.staff_token;
  if (!token) throw new Error(`staff sign-in failed for ${staffId}: ${otp.Message}`);
  return token;
}

/** A unique e-mail address for one test, so tests never share a customer. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.hk`;
}

/** A customer token for `email` in `flow`: a code sent, read from the dev outbox and verified. */
export async function customerToken(
  email: string,
  flow: "nuform" | "recruitment",
  base = BASE_URL,
): Promise<string> {
  const sent = await api("POST", "/auth/email/code", { base, body: { email, flow } });
  if (sent.Code !== 200) throw new Error(`POST /auth/email/code: ${sent.Code} ${sent.Message}`);
  const code = await outboxCode({ email }, base);
  const verified = await api<{ token: string }>("POST", "/auth/email/verify", {
    base,
    body: { email, code, flow },
  });
  const token = verified.Data[0]?.token;
  if (!token) throw new Error(`POST /auth/email/verify: ${verified.Code} ${verified.Message}`);
  return token;
}

/** The smallest nuForm lead body the API takes (the server tests' own), `fields` on top. */
export function leadBody(email: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...newLeadBody(email), ...fields };
}

/** A nuForm lead made through the API (customer code → verify → POST /api/lead); its reference. */
export async function apiLead(
  tag: string,
  options: {
    names?: { last_name: string; first_name: string };
    extra?: Record<string, unknown>;
    base?: string;
  } = {},
): Promise<string> {
  const { names = { last_name: "陳", first_name: "大文" }, extra = {}, base } = options;
  const email = uniqueEmail(tag);
  const token = await customerToken(email, "nuform", base);
  const created = await api<{ id: string }>("POST", "/lead", {
    base,
    token,
    headers: { "Idempotency-Key": `e2e-${email}` },
    body: leadBody(email, {
      ...names,
      residence: "HK",
      baby: { status: "expecting", date: "2027-03-01", hospital_type: "Public", hospital_id: 2 },
      ...extra,
    }),
  });
  const ref = created.Data[0]?.id;
  if (created.Code !== 200 || !ref) throw new Error(`POST /lead: ${created.Code} ${created.Message}`);
  return ref;
}
