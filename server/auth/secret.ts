/**
 * The signing secret of tokens (and, derived from it, the keys that hash one-time codes and
 * rate-limit buckets). TOKEN_SECRET wins; otherwise it is generated once: kept in
 * DATA_DIR/token-secret (mode 0600) for embedded PGlite, in the database on PostgreSQL (so every
 * instance on that database agrees), and per process for `memory://`.
 */
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, MIN_TOKEN_SECRET_BYTES } from "../config.ts";
import type { Db } from "../db/db.ts";

export const MIN_SECRET_BYTES = MIN_TOKEN_SECRET_BYTES;

export interface Secrets {
  /** The JWT signing key. */
  tokenKey: Uint8Array;
  /** HMAC-SHA256 of `value` under a key derived for `purpose` (codes, rate-limit buckets). */
  hmac(purpose: string, value: string): string;
}

export function secretsFrom(secret: string): Secrets {
  const bytes = Buffer.from(secret, "utf8");
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new ConfigError(`TOKEN_SECRET must be at least ${MIN_SECRET_BYTES} bytes long`);
  }
  const derived = new Map<string, Buffer>();
  const keyFor = (purpose: string) => {
    let key = derived.get(purpose);
    if (!key) {
      key = createHmac("sha256", bytes).update(`nu-forms:${purpose}`).digest();
      derived.set(purpose, key);
    }
    return key;
  };
  return {
    tokenKey: new Uint8Array(createHmac("sha256", bytes).update("nu-forms:jwt").digest()),
    hmac: (purpose, value) => createHmac("sha256", keyFor(purpose)).update(value).digest("base64url"),
  };
}

function generate(): string {
  return randomBytes(MIN_SECRET_BYTES).toString("base64url");
}

function fromFile(dataDir: string): string {
  const file = path.join(dataDir, "token-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = generate();
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}

async function fromDatabase(db: Db): Promise<string> {
  await db.query(
    "INSERT INTO server_secrets (name, value) VALUES ('token', $1) ON CONFLICT (name) DO NOTHING",
    [generate()],
  );
  const { rows } = await db.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = 'token'");
  return rows[0].value;
}

export async function loadSecrets(opts: {
  configured: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  db: Db;
}): Promise<Secrets> {
  if (opts.configured !== undefined) return secretsFrom(opts.configured);
  if (opts.databaseUrl === "memory://") return secretsFrom(generate());
  if (opts.db.kind === "postgres") return secretsFrom(await fromDatabase(opts.db));
  return secretsFrom(fromFile(opts.dataDir));
}
