/**
 * The proof-of-work challenge in front of a code mail (docs/api.md "What a stranger can do"):
 * ALTCHA's SHA-256 puzzle (altcha-lib), signed with a key derived from the server secret, bound
 * to one e-mail and to the difficulty it was issued at, good for CHALLENGE_TTL_MS and once.
 * Difficulty (`maxnumber`: the solver tries on average half of it) starts at BASE_MAXNUMBER and
 * doubles every DOUBLE_EVERY requests past the free line, up to MAX_DOUBLINGS.
 */
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import type { Secrets } from "../auth/secret.ts";
import type { Queryable } from "../db/db.ts";
import { ApiFailure } from "../http/envelope.ts";

/** About 0.2 s of Web Crypto on a phone-speed CPU (CPU ×4 in Chromium), measured in e2e. */
export const BASE_MAXNUMBER = 25_000;
export const DOUBLE_EVERY = 10;
export const MAX_DOUBLINGS = 4;
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** `over`: requests past the free line, this one included (≥ 1). */
export function maxnumberFor(over: number): number {
  return BASE_MAXNUMBER * 2 ** Math.min(MAX_DOUBLINGS, Math.floor((over - 1) / DOUBLE_EVERY));
}

const hmacKey = (secrets: Secrets) => secrets.hmac("altcha", "challenge-key");
const emailTag = (secrets: Secrets, email: string) => secrets.hmac("altcha-email", email).slice(0, 16);

export async function issueChallenge(
  secrets: Secrets,
  email: string,
  maxnumber: number,
  nowMs: number,
): Promise<Challenge> {
  const made = await createChallenge({
    hmacKey: hmacKey(secrets),
    maxnumber,
    expires: new Date(nowMs + CHALLENGE_TTL_MS),
    params: { e: emailTag(secrets, email), m: String(maxnumber) },
  });
  return { ...made, maxnumber };
}

type Solved = { id: string; expiresMs: number } | { refuse: "CHALLENGE_INVALID" | "CHALLENGE_EXPIRED" };

/**
 * Checks a solution (the ALTCHA payload: base64 of `{algorithm, challenge, number, salt,
 * signature}`) for `email` at no less than `minMaxnumber`. `null`: solved, but for an easier
 * difficulty than the e-mail or address now needs (the caller hands out a new challenge).
 */
export async function checkSolution(
  secrets: Secrets,
  payload: string,
  email: string,
  minMaxnumber: number,
  nowMs: number,
): Promise<Solved | null> {
  let parsed: { algorithm?: unknown; challenge?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return { refuse: "CHALLENGE_INVALID" };
  }
  if (parsed?.algorithm !== "SHA-256" || typeof parsed.challenge !== "string")
    return { refuse: "CHALLENGE_INVALID" };
  // The clock is the app's own (tests move it), so expiry is checked here, not by altcha-lib.
  if (!(await verifySolution(payload, hmacKey(secrets), false))) return { refuse: "CHALLENGE_INVALID" };
  const params = extractParams(payload);
  if (params.e !== emailTag(secrets, email)) return { refuse: "CHALLENGE_INVALID" };
  const expiresMs = Number(params.expires) * 1000;
  if (!Number.isFinite(expiresMs) || expiresMs <= nowMs) return { refuse: "CHALLENGE_EXPIRED" };
  if (!(Number(params.m) >= minMaxnumber)) return null;
  return { id: secrets.hmac("altcha-used", parsed.challenge), expiresMs };
}

/** Records a solved challenge as spent; false when it was spent before. Same transaction as its use. */
export async function spendChallenge(tx: Queryable, id: string, expiresMs: number): Promise<boolean> {
  const { rows } = await tx.query(
    "INSERT INTO used_challenges (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id",
    [id, new Date(expiresMs).toISOString()],
  );
  return rows.length === 1;
}

export function challengeFailure(
  code: "CHALLENGE_INVALID" | "CHALLENGE_EXPIRED" | "CHALLENGE_USED",
): ApiFailure {
  return new ApiFailure(code, { field: "altcha" });
}
