/**
 * Customer sign-in by e-mail code (docs/api.md): a 6-digit code valid 10 minutes; the right code
 * gives a customer token for that flow and says whether the e-mail has a lead.
 *
 * Nothing a stranger does can keep a customer out (docs/api.md "What a stranger can do"):
 * - a code requested with the requester's own ticket (the form sends one) is reached only by a
 *   verify with that ticket: strangers neither use up nor supersede it. A request without one is
 *   answered with a ticket and its code also answers a verify without a ticket (the old contract);
 * - no ceiling counts an e-mail over all addresses: the contract's "5 codes per e-mail per hour"
 *   counts per (e-mail, client address), CODES_PER_ADDRESS_PER_HOUR per address. Past an e-mail's
 *   or an address's free requests each further one costs a proof-of-work (services/challenge.ts),
 *   harder while the flood lasts: a stranger pays per mail, the customer once.
 * Wrong guesses are counted per ticket (or e-mail and address) before the code is checked. The
 * answer to a code request is the same whether or not the e-mail has a lead.
 */
import { randomBytes } from "node:crypto";
import type { EmailCodeRequest, EmailCodeVerify } from "../../lib/core/schemas.ts";
import type { Flow } from "../../lib/core/types.ts";
import type { Deps } from "../deps.ts";
import { ApiFailure } from "../http/envelope.ts";
import { claimAttempt, rateLimited } from "./attempts.ts";
import {
  type Challenge,
  challengeFailure,
  checkSolution,
  issueChallenge,
  maxnumberFor,
  spendChallenge,
} from "./challenge.ts";
import { consumeCode, issueCode } from "./codes.ts";
import { mailLang } from "./mailTexts.ts";
import { countSlots, takeSlots } from "./rateLimit.ts";

export const CUSTOMER_CODE_TTL_MS = 10 * 60 * 1000;
/** Per (e-mail, client address): the contract's "5 codes per e-mail per hour". */
export const CODES_PER_EMAIL_PER_HOUR = 5;
/** Code requests per e-mail over all addresses in an hour before a proof-of-work is needed. */
export const FREE_CODES_PER_EMAIL_PER_HOUR = 5;
/** Per client address before a proof-of-work is needed: many customers share one hospital or shop network. */
export const FREE_CODES_PER_ADDRESS_PER_HOUR = 60;
/** Per client address, proof-of-work or not. */
export const CODES_PER_ADDRESS_PER_HOUR = 600;
/** Wrong guesses per ticket (or e-mail and address) in GUESS_WINDOW_MS; the last one answers CODE_TOO_MANY_ATTEMPTS. */
export const WRONG_GUESSES_PER_ADDRESS = 5;
export const GUESS_WINDOW_MS = 15 * 60 * 1000;
/** Wrong guesses one address may make over all e-mails in GUESS_WINDOW_MS; beyond, 429 unchecked. */
export const WRONG_GUESSES_PER_ADDRESS_ALL_EMAILS = 30;
const HOUR_MS = 3_600_000;

function codeBuckets(deps: Deps, email: string, clientAddress: string) {
  return {
    pair: deps.secrets.hmac("rate", `code-email-addr:${email}\n${clientAddress}`),
    email: deps.secrets.hmac("rate", `code-email:${email}`),
    address: deps.secrets.hmac("rate", `code-addr:${clientAddress}`),
  };
}

/** Requests past the free line (this one included) for these counts; 0: no proof-of-work needed. */
function overFreeLine(counts: Map<string, number>, b: ReturnType<typeof codeBuckets>): number {
  return Math.max(
    0,
    (counts.get(b.email) ?? 0) - FREE_CODES_PER_EMAIL_PER_HOUR + 1,
    (counts.get(b.address) ?? 0) - FREE_CODES_PER_ADDRESS_PER_HOUR + 1,
  );
}

/** GET /api/auth/challenge: a challenge at the difficulty the next code request needs. */
export async function challengeFor(
  deps: Deps,
  email: string,
  clientAddress: string,
): Promise<Challenge & { required: boolean }> {
  const nowMs = deps.now();
  const b = codeBuckets(deps, email, clientAddress);
  const counts = await deps.db.transaction((tx) => countSlots(tx, [b.email, b.address], HOUR_MS, nowMs));
  const over = overFreeLine(counts, b);
  const challenge = await issueChallenge(deps.secrets, email, maxnumberFor(Math.max(1, over)), nowMs);
  return { ...challenge, required: over > 0 };
}

/**
 * POST /api/auth/email/code. `ticket`: the requester's own (already checked against the
 * pattern), else one is made; either way it is returned and binds the code.
 */
export async function sendEmailCode(
  deps: Deps,
  input: EmailCodeRequest,
  clientAddress: string,
  ticket?: string,
): Promise<{ ticket: string }> {
  const nowMs = deps.now();
  const b = codeBuckets(deps, input.email, clientAddress);
  const own = ticket ?? randomBytes(32).toString("base64url");
  // A flood without solutions is answered from a look at the counts, before it queues for the
  // buckets' locks (60 at once would otherwise wait on each other for a database connection).
  if (input.altcha === undefined) {
    const seen = await countSlots(deps.db, [b.pair, b.email, b.address], HOUR_MS, nowMs, false);
    const over = overFreeLine(seen, b);
    // A caller over its own hourly 5 is told to wait (429, below), not to solve a puzzle.
    if (over > 0 && (seen.get(b.pair) ?? 0) < CODES_PER_EMAIL_PER_HOUR) {
      const challenge = await issueChallenge(deps.secrets, input.email, maxnumberFor(over), nowMs);
      throw new ApiFailure("CHALLENGE_REQUIRED", { data: [challenge] });
    }
  }
  const retryAfter = await deps.db.transaction(async (tx) => {
    const counts = await countSlots(tx, [b.pair, b.email, b.address], HOUR_MS, nowMs);
    const slot = await takeSlots(
      tx,
      [
        { bucket: b.pair, max: CODES_PER_EMAIL_PER_HOUR, windowMs: HOUR_MS },
        { bucket: b.email, max: Number.MAX_SAFE_INTEGER, windowMs: HOUR_MS },
        { bucket: b.address, max: CODES_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS },
      ],
      nowMs,
    );
    if (!slot.allowed) return slot.retryAfterS;
    const over = overFreeLine(counts, b);
    if (over > 0) {
      // A refusal below rolls the transaction back: the slots taken above are given back.
      const needed = maxnumberFor(over);
      const fresh = () => issueChallenge(deps.secrets, input.email, needed, nowMs);
      if (input.altcha === undefined) throw new ApiFailure("CHALLENGE_REQUIRED", { data: [await fresh()] });
      // Solved at an easier level than now needed (the flood grew meanwhile): a new one.
      const solved = await checkSolution(deps.secrets, input.altcha, input.email, needed / 2, nowMs);
      if (solved === null) throw new ApiFailure("CHALLENGE_REQUIRED", { data: [await fresh()] });
      if ("refuse" in solved) throw challengeFailure(solved.refuse);
      if (!(await spendChallenge(tx, solved.id, solved.expiresMs))) throw challengeFailure("CHALLENGE_USED");
    }
    const who = { purpose: "customer" as const, subject: input.email, flow: input.flow };
    // A ticket made here is handed out, but a caller may not send it back (then any verify reaches it).
    const client = ticket === undefined ? clientAddress : undefined;
    const code = await issueCode(tx, deps.secrets, who, CUSTOMER_CODE_TTL_MS, nowMs, own, client);
    await deps.mailer.enqueue(
      tx,
      {
        kind: "customer-code",
        to: input.email,
        mailTo: input.email,
        code,
        ttlMinutes: CUSTOMER_CODE_TTL_MS / 60_000,
        lang: mailLang(input.lang),
      },
      nowMs,
    );
    return null;
  });
  if (retryAfter !== null) throw rateLimited(retryAfter);
  void deps.mailer.flush();
  return { ticket: own };
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

/**
 * POST /api/auth/email/verify. `ticket`: the one the code request sent or was answered with;
 * without it only a code requested without the requester's own ticket is reached.
 */
export async function verifyEmailCode(
  deps: Deps,
  input: EmailCodeVerify,
  clientAddress = "unknown",
  opts: { useKey?: string; ticket?: string } = {},
): Promise<VerifyAnswer> {
  const nowMs = deps.now();
  const who = { purpose: "customer" as const, subject: input.email, flow: input.flow };
  const pair =
    opts.ticket === undefined
      ? deps.secrets.hmac("rate", `code-guess:${input.email}\n${clientAddress}`)
      : deps.secrets.hmac("rate", `code-guess-ticket:${input.email}\n${opts.ticket}`);
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
    consumeCode(tx, deps.secrets, who, input.code, nowMs, { ...opts, client: clientAddress }),
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
