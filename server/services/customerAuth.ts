/**
 * Customer sign-in by e-mail code (docs/api.md): a 6-digit code valid 10 minutes; the right code
 * gives a customer token for that flow and says whether the e-mail has a lead.
 *
 * Limits a stranger cannot aim at a customer: the contract's "5 codes per e-mail per hour"
 * counts per (e-mail, client address), with a higher ceiling per e-mail over all addresses
 * against mail flooding, and CODES_PER_ADDRESS_PER_HOUR per address. Wrong guesses are counted per
 * (e-mail, address) before the code is checked. The answer to a code request is the same whether
 * or not the e-mail has a lead.
 */
import type { EmailCodeRequest, EmailCodeVerify } from "../../lib/core/schemas.ts";
import type { Flow } from "../../lib/core/types.ts";
import type { Deps } from "../deps.ts";
import { ApiFailure } from "../http/envelope.ts";
import { claimAttempt, rateLimited } from "./attempts.ts";
import { consumeCode, issueCode } from "./codes.ts";
import { takeSlots } from "./rateLimit.ts";

export const CUSTOMER_CODE_TTL_MS = 10 * 60 * 1000;
export const CODES_PER_EMAIL_PER_HOUR = 5;
/** Many customers share one hospital or shop network, so this stays well above 60. */
export const CODES_PER_ADDRESS_PER_HOUR = 120;
/** Codes per e-mail over all addresses per hour: needs several addresses to reach. */
export const CODES_PER_EMAIL_ALL_ADDRESSES_PER_HOUR = 20;
/** Wrong guesses per (e-mail, address) in GUESS_WINDOW_MS; the last one answers CODE_TOO_MANY_ATTEMPTS. */
export const WRONG_GUESSES_PER_ADDRESS = 5;
export const GUESS_WINDOW_MS = 15 * 60 * 1000;
/** Wrong guesses one address may make over all e-mails in GUESS_WINDOW_MS; beyond, 429 unchecked. */
export const WRONG_GUESSES_PER_ADDRESS_ALL_EMAILS = 30;
const HOUR_MS = 3_600_000;

export async function sendEmailCode(
  deps: Deps,
  input: EmailCodeRequest,
  clientAddress: string,
): Promise<void> {
  const nowMs = deps.now();
  const retryAfter = await deps.db.transaction(async (tx) => {
    const slot = await takeSlots(
      tx,
      [
        {
          bucket: deps.secrets.hmac("rate", `code-email-addr:${input.email}\n${clientAddress}`),
          max: CODES_PER_EMAIL_PER_HOUR,
          windowMs: HOUR_MS,
        },
        {
          bucket: deps.secrets.hmac("rate", `code-email:${input.email}`),
          max: CODES_PER_EMAIL_ALL_ADDRESSES_PER_HOUR,
          windowMs: HOUR_MS,
        },
        {
          bucket: deps.secrets.hmac("rate", `code-addr:${clientAddress}`),
          max: CODES_PER_ADDRESS_PER_HOUR,
          windowMs: HOUR_MS,
        },
      ],
      nowMs,
    );
    if (!slot.allowed) return slot.retryAfterS;
    const who = { purpose: "customer" as const, subject: input.email, flow: input.flow };
    const code = await issueCode(tx, deps.secrets, who, CUSTOMER_CODE_TTL_MS, nowMs);
    await deps.mailer.enqueue(
      tx,
      {
        kind: "customer-code",
        to: input.email,
        mailTo: input.email,
        code,
        ttlMinutes: CUSTOMER_CODE_TTL_MS / 60_000,
      },
      nowMs,
    );
    return null;
  });
  if (retryAfter !== null)
    throw new ApiFailure("RATE_LIMITED", { headers: { "Retry-After": String(retryAfter) } });
  void deps.mailer.flush();
}

export interface VerifyAnswer {
  token: string;
  existing: boolean;
  lead_id: string | null;
  lead_flow: Flow | null;
}

function tooManyGuesses(retryAfterS: number): ApiFailure {
  return new ApiFailure("CODE_TOO_MANY_ATTEMPTS", { headers: { "Retry-After": String(retryAfterS) } });
}

export async function verifyEmailCode(
  deps: Deps,
  input: EmailCodeVerify,
  clientAddress = "unknown",
  useKey?: string,
): Promise<VerifyAnswer> {
  const nowMs = deps.now();
  const who = { purpose: "customer" as const, subject: input.email, flow: input.flow };
  const pair = deps.secrets.hmac("rate", `code-guess:${input.email}\n${clientAddress}`);
  const attempt = await claimAttempt(
    deps.db,
    [
      { bucket: pair, max: WRONG_GUESSES_PER_ADDRESS, windowMs: GUESS_WINDOW_MS, refuse: tooManyGuesses },
      {
        bucket: deps.secrets.hmac("rate", `code-guess-addr:${clientAddress}`),
        max: WRONG_GUESSES_PER_ADDRESS_ALL_EMAILS,
        windowMs: GUESS_WINDOW_MS,
        refuse: rateLimited,
      },
    ],
    nowMs,
  );
  const check = await deps.db.transaction((tx) =>
    consumeCode(tx, deps.secrets, who, input.code, nowMs, { useKey }),
  );
  if (!check.ok) {
    if (!check.wrongTry) await attempt.forget();
    else if (attempt.countIn(pair) >= WRONG_GUESSES_PER_ADDRESS)
      throw tooManyGuesses(attempt.retryAfterS(pair));
    // Tries left from this address for this e-mail: the caller's own count, the same for an
    // unknown address, so it tells nothing about the code or the account.
    if (check.wrongTry)
      throw new ApiFailure(check.error, {
        data: [{ tries_left: WRONG_GUESSES_PER_ADDRESS - attempt.countIn(pair) }],
      });
    throw new ApiFailure(check.error);
  }
  let token: string;
  if (!check.replay) token = await deps.tokens.customer(input.email, input.flow, check.sid);
  else {
    try {
      token = await deps.tokens.customerOf(check.sid, input.email, input.flow);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // That session has ended (sign-out, everywhere, its 2 hours): the used code stays used.
      await attempt.forget();
      throw new ApiFailure("CODE_INVALID");
    }
  }
  await attempt.succeeded(pair);
  const { rows } = await deps.db.query<{ id: string; flow: Flow }>(
    "SELECT id, flow FROM leads WHERE email = $1 ORDER BY created_at DESC",
    [input.email],
  );
  const lead = rows.find((r) => r.flow === input.flow) ?? rows[0];
  return {
    token,
    existing: rows.length > 0,
    lead_id: lead?.id ?? null,
    lead_flow: lead?.flow ?? null,
  };
}
