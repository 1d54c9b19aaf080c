/**
 * Solves the server's proof-of-work challenge (ALTCHA's SHA-256 puzzle, docs/api.md "What a
 * stranger can do") with Web Crypto: the number n ≤ maxnumber with SHA-256(salt + n) = challenge.
 * No third party, no worker, nothing the strict CSP forbids. Hashes in batches so the page stays
 * responsive; about half of `maxnumber` hashes on average.
 */
export interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

const BATCH = 500;
const encoder = new TextEncoder();

function hex(buffer: ArrayBuffer): string {
  let out = "";
  for (const byte of new Uint8Array(buffer)) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** The ALTCHA payload (base64 JSON) the server takes as `altcha`, or null when nothing matches. */
export async function solveChallenge(c: PowChallenge): Promise<string | null> {
  for (let start = 0; start <= c.maxnumber; start += BATCH) {
    const end = Math.min(c.maxnumber, start + BATCH - 1);
    const tries: Promise<ArrayBuffer>[] = [];
    for (let n = start; n <= end; n++)
      tries.push(crypto.subtle.digest("SHA-256", encoder.encode(c.salt + n)));
    const hashes = await Promise.all(tries);
    const found = hashes.findIndex((h) => hex(h) === c.challenge);
    if (found >= 0) {
      const payload = {
        algorithm: c.algorithm,
        challenge: c.challenge,
        number: start + found,
        salt: c.salt,
        signature: c.signature,
      };
      return btoa(JSON.stringify(payload));
    }
  }
  return null;
}

export function isPowChallenge(value: unknown): value is PowChallenge {
  const c = value as PowChallenge | null;
  return (
    typeof c === "object" &&
    c !== null &&
    typeof c.challenge === "string" &&
    typeof c.salt === "string" &&
    typeof c.signature === "string" &&
    typeof c.maxnumber === "number"
  );
}
