/**
 * Server settings (DESIGN §6 plus DATA_DIR, HOST, ALLOWED_ORIGINS, TRUST_PROXY, MAIL_FROM, BRAND_*) and
 * their defaults. `configFromEnv` is the only place that reads process.env.
 */
import path from "node:path";
import { type Brand, DEMO_BRAND } from "../lib/core/brand.ts";
import { BrandError, brandFromEnv } from "./brand.ts";

export const DEFAULT_API_KEY = "nu-forms-dev-key";
export const DEFAULT_ALS_URL = "https://www.als.gov.hk/lookup";

export interface ServerConfig {
  host: string;
  port: number;
  /** `memory://` (in-memory PGlite), `postgres://…`, or undefined for PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  apiKey: string;
  appEnv: string;
  /** Undefined: generated (DATA_DIR/token-secret, or kept in the database on PostgreSQL). */
  tokenSecret: string | undefined;
  alsUrl: string;
  maintenanceUrl: string;
  maintenancePageUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seed: "demo" | "none";
  /** Browser origins allowed besides the server's own. */
  allowedOrigins: string[];
  trustProxy: boolean;
  /** Where the built pages live (dist/) and the demo (demo/). */
  distDir: string;
  demoDir: string;
  /** The operator's brand on the host pages and in e-mails (BRAND_FILE, BRAND_*). */
  brand: Brand;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

const ROOT = path.resolve(import.meta.dirname, "..");

export function defaultConfig(): ServerConfig {
  return {
    host: "127.0.0.1",
    port: 8080,
    databaseUrl: undefined,
    dataDir: path.join(process.cwd(), ".data"),
    apiKey: DEFAULT_API_KEY,
    appEnv: "prod",
    tokenSecret: undefined,
    alsUrl: DEFAULT_ALS_URL,
    maintenanceUrl: "/api/maintenance",
    maintenancePageUrl: "/maintenance",
    smtpUrl: undefined,
    mailFrom: senderOf(DEMO_BRAND),
    seed: "demo",
    allowedOrigins: [],
    trustProxy: false,
    distDir: path.join(ROOT, "dist"),
    demoDir: path.join(ROOT, "demo"),
    brand: DEMO_BRAND,
  };
}

/** The default sender: the brand's name (customers see it), at a local no-reply address. */
function senderOf(brand: Brand): string {
  return `"${brand.name.replace(/["\\]/g, "")}" <no-reply@localhost>`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const base = defaultConfig();
  const port = nonEmpty(env.PORT);
  const portNumber = port === undefined ? base.port : Number(port);
  if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) {
    throw new ConfigError(`PORT must be a port number, got "${port}"`);
  }
  const seed = nonEmpty(env.SEED) ?? "demo";
  if (seed !== "demo" && seed !== "none")
    throw new ConfigError(`SEED must be "demo" or "none", got "${seed}"`);
  const origins = (env.ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(`ALLOWED_ORIGINS entries must look like https://shop.example, got "${origin}"`);
    }
  }
  let brand: Brand;
  try {
    brand = brandFromEnv(env);
  } catch (error) {
    if (error instanceof BrandError) throw new ConfigError(error.message);
    throw error;
  }
  return {
    ...base,
    brand,
    host: nonEmpty(env.HOST) ?? base.host,
    port: portNumber,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? base.dataDir),
    apiKey: nonEmpty(env.API_KEY) ?? base.apiKey,
    appEnv: nonEmpty(env.APP_ENV) ?? base.appEnv,
    tokenSecret: nonEmpty(env.TOKEN_SECRET),
    alsUrl: nonEmpty(env.ALS_URL) ?? base.alsUrl,
    maintenanceUrl: nonEmpty(env.MAINTENANCE_URL) ?? base.maintenanceUrl,
    maintenancePageUrl: nonEmpty(env.MAINTENANCE_PAGE_URL) ?? base.maintenancePageUrl,
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? senderOf(brand),
    seed,
    allowedOrigins: origins.map((o) => o.replace(/\/$/, "").toLowerCase()),
    trustProxy: env.TRUST_PROXY === "1",
  };
}
