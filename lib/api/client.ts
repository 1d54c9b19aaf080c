/**
 * The HTTP client (docs/rules.md#the-api-contract, docs/api.md): every request carries `x-api-key`, a Bearer token when
 * there is one, runs at most `timeoutMs`, and counts in the global loading flag until it settles.
 * Only the body is used: the `{Code, Message, Data, Error, Field}` envelope is parsed once here,
 * into Data or an ApiError. GETs are retried on network errors, 408/429/5xx; writes never are.
 * Built on ky (docs/api.md "The client"): its time-out, retry and Retry-After handling, set to
 * the product's rules below.
 */
import ky, { isHTTPError, isTimeoutError, type KyInstance, type Options, type RetryOptions } from "ky";
import { learnFromServer } from "../config.ts";
import { ALS_URL_HEADER } from "../core/alsUrl.ts";
import type { ErrorCode } from "../core/errorCodes.ts";
import { errorMessage, type Lang } from "../core/i18n/index.ts";
import type {
  Clinic,
  Flow,
  Hospital,
  HospitalType,
  Invoice,
  Lead,
  LeadPatch,
  LegalDocument,
  MaintenanceRecord,
  NewLead,
  Product,
  RedemptionKind,
  RedemptionOffer,
  StaffRecord,
} from "../core/types.ts";
import { EMAIL_CODE_TICKET_HEADER, STAFF_CODE_TICKET_HEADER } from "../core/types.ts";
import { startLoading } from "../state/settings.ts";
import { codeTicketFor } from "./codeTicket.ts";
import { ApiError, codeForStatus, isErrorCode, NotFoundError } from "./errors.ts";
import type { PowChallenge } from "./proofOfWork.ts";

export const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * The maintenance read's own time-out: the customer gate waits for it before a step shows and
 * fails open after it (lib/gates/customerGate.ts, docs/flows.md "Maintenance check").
 */
export const MAINTENANCE_TIMEOUT_MS = 3_000;
export const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];

export interface Envelope<T> {
  Code: number;
  Message: string;
  Data: T[];
  Error?: ErrorCode;
  Field?: string;
}

export interface ApiClientOptions {
  apiBase: string;
  apiKey: string;
  /** The Bearer token to send (customer or staff), read on every request. */
  getToken?: () => string | null | undefined;
  timeoutMs?: number;
  /** Language of the messages the client writes itself (network, time-out, not found). */
  lang?: Lang;
  /** Called when a request starts; returns what to call when it settles. Default: the loading flag. */
  onLoading?: () => () => void;
  /** Delay before retry n (1, 2) in ms; by default 300 ms, then 600 ms. */
  retryDelay?: (attempt: number) => number;
}

export interface VerifyResult {
  token: string;
  existing: boolean;
  lead_id: string | null;
  lead_flow?: Flow | null;
}

export interface SignOutScope {
  everywhere?: boolean;
  staff_id?: string;
}

export interface RenewedToken {
  token: string;
  /** When the new token expires unless renewed again (ISO 8601). */
  expires_at: string;
  /** When the session ends whatever happens (ISO 8601). */
  session_expires_at: string;
}

export interface RedeemBody {
  lead_id: string;
  kind: RedemptionKind;
}

export interface OutboxEntry {
  to: string;
  kind: "customer-code" | "staff-code";
  code: string;
  lang: string | null;
  subject: string | null;
  text: string;
  html: string | null;
  created_at: string;
}

type Query = Record<string, string | number | undefined>;

/** The `Idempotency-Key` header, when the caller has a key. */
const keyHeader = (key?: string) => (key ? { "Idempotency-Key": key } : undefined);

export interface CallOptions {
  query?: Query;
  json?: unknown;
  headers?: Record<string, string>;
  /** Not counted in the loading flag (a call the page does not wait for, e.g. sign-out). */
  background?: boolean;
  /** This call's time-out per attempt, instead of the client's. */
  timeoutMs?: number;
  /** Sees the headers of a successful answer (e.g. the staff code step's ticket). */
  onHeaders?: (headers: Headers) => void;
}

/** `Retry-After` as seconds (delta-seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(header: string | null, nowMs: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === "object" && value !== null && "Code" in value;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Whether a cross-origin call failed because the server refused this page's origin (not listed in
 * ALLOWED_ORIGINS: its answer carries no CORS header, so the browser shows the page only a failed
 * fetch): the server still answers a request the page cannot read (`no-cors`), which a broken
 * network does not. The customer then reads that the page is not set up, not to check the network.
 */
async function originRefused(apiBase: string): Promise<boolean> {
  if (typeof location === "undefined" || typeof navigator === "undefined" || navigator.onLine === false)
    return false;
  try {
    const url = new URL(apiBase.replace(/\/*$/, "/maintenance"), location.href);
    if (url.origin === location.origin) return false;
    await fetch(url, { mode: "no-cors", cache: "no-store", credentials: "omit" });
    return true;
  } catch {
    return false;
  }
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Retries after the first attempt, for GETs only. */
export const RETRY_LIMIT = 2;

export function createApiClient(options: ApiClientOptions) {
  const lang = options.lang ?? "zh-HK";
  const onLoading = options.onLoading ?? startLoading;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /**
   * A GET is tried again (twice at most) after a network failure or a 408/429/5xx answer, after
   * `retryDelay`, or after the answer's Retry-After when it names one that ends within the
   * time-out; a longer one is the caller's to show, so it is not waited for. A time-out is not
   * retried (ky's `retryOnTimeout` stays false). Writes are never retried.
   */
  const retryFor = (ms: number): RetryOptions => ({
    limit: RETRY_LIMIT,
    methods: ["get"],
    statusCodes: RETRY_STATUS_CODES,
    // ky honours Retry-After only for these statuses; the product honours it on every retried one.
    afterStatusCodes: RETRY_STATUS_CODES,
    maxRetryAfter: ms,
    // ky's own back-off (300 ms, then 600 ms) unless the caller names one.
    ...(options.retryDelay ? { delay: options.retryDelay } : {}),
    shouldRetry: ({ error }) => {
      if (!isHTTPError(error)) return undefined;
      const after = retryAfterSeconds(error.response.headers.get("Retry-After"));
      return after !== undefined && after * 1000 > ms ? false : undefined;
    },
  });

  /** Without a prefix: the maintenance URL is complete and may be on another host. */
  const base: KyInstance = ky.create({
    timeout: timeoutMs,
    retry: retryFor(timeoutMs),
    headers: { "x-api-key": options.apiKey },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = options.getToken?.();
          // A call may name its own token (sign-out sends the one just removed from storage).
          if (token && !request.headers.has("Authorization"))
            request.headers.set("Authorization", `Bearer ${token}`);
        },
      ],
      afterResponse: [
        (_request, _options, response) => {
          const alsUrl = response.headers.get(ALS_URL_HEADER);
          if (alsUrl) learnFromServer({ alsUrl: new URL(alsUrl, response.url).href });
        },
      ],
    },
  });
  const api = base.extend({ prefixUrl: options.apiBase });

  /** Any failure → ApiError with a message the user can read. */
  async function toApiError(error: unknown): Promise<ApiError> {
    if (error instanceof ApiError) return error;
    if (isTimeoutError(error)) {
      return new ApiError({ status: 0, code: "TIMEOUT", message: errorMessage(lang, "TIMEOUT") });
    }
    if (isHTTPError(error)) {
      const status = error.response.status;
      const body = await readBody(error.response).catch(() => null);
      const envelope = isEnvelope(body) ? (body as Partial<Envelope<unknown>>) : {};
      const code = isErrorCode(envelope.Error) ? envelope.Error : codeForStatus(status);
      return new ApiError({
        status,
        code,
        message: envelope.Message || errorMessage(lang, code),
        field: envelope.Field,
        data: Array.isArray(envelope.Data) ? envelope.Data : [],
        retryAfterS: retryAfterSeconds(error.response.headers.get("Retry-After")),
      });
    }
    // fetch() rejects with a TypeError when the network fails (offline, DNS, refused, CORS).
    const code = (await originRefused(options.apiBase)) ? "ORIGIN_NOT_ALLOWED" : "NETWORK";
    return new ApiError({ status: 0, code, message: errorMessage(lang, code) });
  }

  /** One request → its envelope; Code outside 2xx is an error like an HTTP error. */
  async function send<T>(
    client: KyInstance,
    method: string,
    url: string,
    { query, json, headers, background, timeoutMs: ms, onHeaders }: CallOptions = {},
  ): Promise<Envelope<T>> {
    const end = background ? () => {} : onLoading();
    try {
      // ky merges options key by key: an explicit `undefined` would wipe the instance's headers.
      const request: Options = { method };
      if (query)
        request.searchParams = Object.fromEntries(
          Object.entries(query).filter(([, value]) => value !== undefined),
        ) as Record<string, string | number>;
      if (json !== undefined) request.json = json;
      if (headers) request.headers = headers;
      if (ms !== undefined) {
        request.timeout = ms;
        request.retry = retryFor(ms);
      }
      const response = await client(url, request);
      const answer = await readBody(response);
      if (!isEnvelope(answer)) {
        throw new ApiError({
          status: response.status,
          code: "INTERNAL",
          message: errorMessage(lang, "INTERNAL"),
        });
      }
      if (answer.Code < 200 || answer.Code >= 300) {
        const code = isErrorCode(answer.Error) ? answer.Error : codeForStatus(answer.Code);
        throw new ApiError({
          status: answer.Code,
          code,
          message: answer.Message || errorMessage(lang, code),
          field: answer.Field,
          data: Array.isArray(answer.Data) ? answer.Data : [],
        });
      }
      onHeaders?.(response.headers);
      return { ...answer, Data: Array.isArray(answer.Data) ? (answer.Data as T[]) : [] };
    } catch (error) {
      throw await toApiError(error);
    } finally {
      end();
    }
  }

  // ky refuses a path that starts with a slash under prefixUrl; the client has always taken both.
  const call = <T>(method: string, path: string, opts?: CallOptions) =>
    send<T>(api, method, path.replace(/^\/+/, ""), opts);
  const data = async <T>(method: string, path: string, opts?: CallOptions) =>
    (await call<T>(method, path, opts)).Data;
  const first = async <T>(method: string, path: string, opts?: CallOptions) =>
    (await data<T>(method, path, opts))[0];

  /** A lookup: nothing found (HTTP 404, Code ≠ 200 or empty Data) is a NotFoundError. */
  async function lookup<T>(path: string, query: Query): Promise<T> {
    const notFound = () => new NotFoundError(errorMessage(lang, "NOT_FOUND"));
    let envelope: Envelope<T>;
    try {
      envelope = await call<T>("get", path, { query });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
    if (envelope.Code !== 200 || envelope.Data.length === 0) throw notFound();
    return envelope.Data[0];
  }

  /** The staff code step's ticket from the last password step (see staffLogin). */
  let codeTicket: string | undefined;

  return {
    /** The API base the calls go to, as configured (a relative one is on the page's origin). */
    apiBase: options.apiBase,
    /** Any call of the API, for what the typed functions below do not cover. */
    call,

    products: () => data<Product>("get", "product_image"),
    clinics: () => data<Clinic>("get", "clinic_list"),
    hospitals: (type?: HospitalType) => data<Hospital>("get", "hospital_list", { query: { type } }),
    /** The operator's privacy policy and collection statement in force, in `lang`. */
    legalDocuments: (textLang: Lang) =>
      data<LegalDocument>("get", "legal_documents", { query: { lang: textLang } }),
    /** What `flow`'s member QR code is redeemed for (none when the operator published no offer). */
    redemptionOffer: (flow: Flow, textLang: Lang) =>
      data<RedemptionOffer>("get", "redemption_offer", { query: { flow, lang: textLang } }).then(
        (offers) => offers[0] ?? null,
      ),

    /**
     * Asks for a code bound to this page's own ticket (sent again by verifyEmailCode), solving the
     * proof-of-work challenge when the server asks for one (docs/api.md "What a stranger can do").
     */
    requestEmailCode: async (email: string, flow: Flow) => {
      const headers = { [EMAIL_CODE_TICKET_HEADER]: codeTicketFor(email, flow) };
      let altcha: string | undefined;
      for (let round = 0; ; round++) {
        try {
          // `lang`: the code mail is written in the form's language.
          await call<never>("post", "auth/email/code", { json: { email, flow, altcha, lang }, headers });
          return;
        } catch (error) {
          const challenge = error instanceof ApiError ? error.data[0] : undefined;
          if (round >= 2 || !(error instanceof ApiError) || error.code !== "CHALLENGE_REQUIRED") throw error;
          if (typeof (challenge as PowChallenge | undefined)?.challenge !== "string") throw error;
          // Loaded only when a server asks: most sign-ins never need it.
          const { solveChallenge } = await import("./proofOfWork.ts");
          altcha = (await solveChallenge(challenge as PowChallenge)) ?? undefined;
          if (altcha === undefined) throw error;
        }
      }
    },
    /** `idempotencyKey`: the same verify sent again after a lost answer signs in (docs/api.md). */
    verifyEmailCode: (email: string, code: string, flow: Flow, idempotencyKey?: string) =>
      first<VerifyResult>("post", "auth/email/verify", {
        json: { email, code, flow },
        headers: { ...keyHeader(idempotencyKey), [EMAIL_CODE_TICKET_HEADER]: codeTicketFor(email, flow) },
      }),

    getLead: (id: string) => lookup<Lead>("lead", { id }),
    getLeadBy: (by: "id" | "leadId", value: string) => lookup<Lead>("lead", { [by]: value }),
    /**
     * `idempotencyKey` makes a retried submit create the lead once (docs/api.md). The page it is sent
     * from goes with it: the confirmation mail links back to it when the server allows its origin.
     */
    createLead: (body: NewLead, idempotencyKey: string = crypto.randomUUID()) =>
      first<Lead>("post", "lead", {
        // This page's address without its #fragment; none outside a browser.
        json: { ...body, page_url: globalThis.location?.href.split("#")[0] },
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    patchLead: (patch: LeadPatch) => first<Lead>("patch", "lead", { json: patch }),

    /**
     * The password step. When a code step follows, the answer's ticket is kept here and sent back
     * by `staffOtp` (the server also sets it as a cookie, which only same-origin pages send).
     */
    staffLogin: (staff_id: string, password: string) =>
      first<StaffRecord>("post", "staff/login", {
        // `lang`: the code mail (when a code step follows) is written in the page's language.
        json: { staff_id, password, lang },
        onHeaders: (headers) => {
          codeTicket = headers.get(STAFF_CODE_TICKET_HEADER) ?? undefined;
        },
      }),
    staffOtp: (staff_id: string, code: string, idempotencyKey?: string) =>
      first<StaffRecord>("post", "staff/otp", {
        json: { staff_id, code },
        headers: {
          ...keyHeader(idempotencyKey),
          ...(codeTicket === undefined ? {} : { [STAFF_CODE_TICKET_HEADER]: codeTicket }),
        },
      }),
    getStaff: (staff_id: string) => lookup<StaffRecord>("staff", { staff_id }),

    /**
     * Ends sessions on the server (staff or customer token): `{}` this token's own, `everywhere`
     * all of its staff id's or e-mail's, `staff_id` all of that staff member's (admins).
     */
    signOut: (scope: SignOutScope = {}, opts: { token?: string; background?: boolean } = {}) =>
      first<{ ended: number }>("post", "auth/sign-out", {
        json: scope,
        background: opts.background,
        headers: opts.token ? { Authorization: `Bearer ${opts.token}` } : undefined,
      }),
    /** A fresh staff token of the same session (30 more minutes, never past its 12 hours). */
    renewStaffToken: () => first<RenewedToken>("post", "auth/renew"),

    redeem: <B extends RedeemBody>(body: B) =>
      first<Record<string, unknown>>("post", "redemptions", { json: body }),
    /** `idempotencyKey` makes a retried save answer with the invoice already saved. */
    createInvoice: <B extends { lead_id: string }>(body: B, idempotencyKey: string = crypto.randomUUID()) =>
      first<Invoice>("post", "invoices", { json: body, headers: { "Idempotency-Key": idempotencyKey } }),
    getInvoice: (id: string) => first<Invoice>("get", `invoices/${encodeURIComponent(id)}`),

    /**
     * The maintenance record from its own URL (docs/rules.md#the-api-contract: may be another host). Any failure is an
     * error whose message is 'API Error: ' plus the answer's Message. Each attempt has
     * MAINTENANCE_TIMEOUT_MS, not the client's 15 s: the gate waits for it before every step.
     */
    async getMaintenance(url: string): Promise<MaintenanceRecord> {
      let envelope: Envelope<MaintenanceRecord>;
      try {
        envelope = await send<MaintenanceRecord>(base, "get", url, {
          headers: { "Content-Type": "application/json" },
          timeoutMs: MAINTENANCE_TIMEOUT_MS,
        });
      } catch (error) {
        const cause = error as ApiError;
        throw new ApiError({
          status: cause.status,
          code: cause.code,
          message: `API Error: ${cause.message}`,
        });
      }
      if (envelope.Code !== 200 || !envelope.Data[0]) {
        throw new ApiError({
          status: envelope.Code,
          code: "INTERNAL",
          message: `API Error: ${envelope.Message}`,
        });
      }
      return envelope.Data[0];
    },
    putMaintenance: (changes: Partial<Omit<MaintenanceRecord, "environment">>) =>
      first<MaintenanceRecord>("put", "maintenance", { json: changes }),

    devOutbox: (who: { email: string } | { staff_id: string }) =>
      data<OutboxEntry>("get", "dev/outbox", { query: who }),
  };
}
