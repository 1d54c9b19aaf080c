/**
 * Staff password hashes: scrypt (node:crypto, no native add-on) with a per-user salt, stored as
 * `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { passwordQueue } from "./hashQueue.ts";

/** The cost of every new hash the server writes. */
export const PASSWORD_COST: Readonly<ScryptCost> = { N: 2 ** 15, r: 8, p: 1 };
let cost: Readonly<ScryptCost> = PASSWORD_COST;

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * Tests only (server/test/setup.ts): new hashes at another cost, so that tests that are not about
 * the cost of hashing do not spend seconds in scrypt. Nothing in the server calls it.
 */
export function setPasswordCostForTests(next: Readonly<ScryptCost>): void {
  cost = next;
  dummyHash = undefined;
}

/** The cost new hashes are written with now. */
export function passwordCost(): Readonly<ScryptCost> {
  return cost;
}
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: Readonly<ScryptCost>): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  // Through the bounded queue: throws QueueFull when too many hashes wait.
  return passwordQueue.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const expected = Buffer.from(parts[5], "base64");
  const key = await derive(password, Buffer.from(parts[4], "base64"), { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash nobody's password matches, checked for unknown staff ids so both answers take as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
