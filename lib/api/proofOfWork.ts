/**
 * Solves the server's proof-of-work challenge (ALTCHA's SHA-256 puzzle, docs/api.md "What a
 * stranger can do"): the number n ≤ maxnumber with SHA-256(salt + n) = challenge. No third party,
 * no worker, nothing the strict CSP forbids. SHA-256 is computed here rather than with Web
 * Crypto: `crypto.subtle.digest` costs a promise per hash, about 6× the time of this loop for
 * inputs this short (measured in Chromium, docs/api.md). Yields to the page between batches.
 */
export interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

// biome-ignore format: the SHA-256 round constants, eight a line
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 of `bytes[0..length)` (room for the padding behind it) into `out`. */
export function sha256(bytes: Uint8Array, length: number, out: Uint32Array, w = new Uint32Array(64)): void {
  const total = Math.ceil((length + 9) / 64) * 64;
  bytes.fill(0, length, total);
  bytes[length] = 0x80;
  const bits = length * 8;
  bytes[total - 4] = bits >>> 24;
  bytes[total - 3] = (bits >>> 16) & 0xff;
  bytes[total - 2] = (bits >>> 8) & 0xff;
  bytes[total - 1] = bits & 0xff;
  let [a0, b0, c0, d0, e0, f0, g0, h0] = H0;
  for (let block = 0; block < total; block += 64) {
    for (let i = 0; i < 16; i++) {
      const j = block + i * 4;
      w[i] = (bytes[j] << 24) | (bytes[j + 1] << 16) | (bytes[j + 2] << 8) | bytes[j + 3];
    }
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15];
      const y = w[i - 2];
      const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
      const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, h] = [a0, b0, c0, d0, e0, f0, g0, h0];
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
    e0 = (e0 + e) | 0;
    f0 = (f0 + f) | 0;
    g0 = (g0 + g) | 0;
    h0 = (h0 + h) | 0;
  }
  out.set([a0, b0, c0, d0, e0, f0, g0, h0]);
}

const BATCH = 5000;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The ALTCHA payload (base64 JSON) the server takes as `altcha`, or null when nothing matches. */
export async function solveChallenge(c: PowChallenge): Promise<string | null> {
  const target = new Uint32Array(8);
  for (let i = 0; i < 8; i++) target[i] = Number.parseInt(c.challenge.slice(i * 8, i * 8 + 8), 16);
  const prefix = new TextEncoder().encode(c.salt);
  const bytes = new Uint8Array(Math.ceil((prefix.length + 16 + 9) / 64) * 64);
  bytes.set(prefix);
  const out = new Uint32Array(8);
  const w = new Uint32Array(64);
  for (let n = 0; n <= c.maxnumber; n++) {
    if (n % BATCH === 0 && n > 0) await pause();
    const digits = String(n);
    for (let i = 0; i < digits.length; i++) bytes[prefix.length + i] = digits.charCodeAt(i);
    sha256(bytes, prefix.length + digits.length, out, w);
    if (out[0] !== target[0] || out.some((word, i) => word !== target[i])) continue;
    const { algorithm, challenge, salt, signature } = c;
    return btoa(JSON.stringify({ algorithm, challenge, number: n, salt, signature }));
  }
  return null;
}
