/**
 * Server settings (docs/deploy.md plus DATA_DIR, HOST, ALLOWED_ORIGINS, TRUST_PROXY, MAIL_FROM, BRAND_*) and
 * their defaults. `configFromEnv` is the only place that reads process.env.
 */
import fs from "node:fs";
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
  /**
   * PGLITE_TEMPLATE: a PGlite data-folder dump (a .tar file) the in-memory database starts from
   * instead of running initdb, migrations and the seed; for test harnesses that start many servers.
   */
  pgliteTemplateFile: string | undefined;
  apiKey: string;
  appEnv: string;
  /** NODE_ENV=production: refuses demo defaults (see productionProblems), no dev outbox. */
  production: boolean;
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
  /**
   * The origin browsers reach this server at (PUBLIC_ORIGIN, e.g. https://forms.example.hk). When
   * set, it alone is "the server's own origin"; unset, the request's scheme and Host header are.
   */
  publicOrigin: string | undefined;
  trustProxy: boolean;
  /** Open connections one client address may hold (0: no cap; not applied with TRUST_PROXY=1). */
  maxConnectionsPerAddress: number;
  /** Where the built pages live (dist/) and the demo (demo/). */
  distDir: string;
  demoDir: string;
  /** The operator's brand on the host pages and in e-mails (BRAND_FILE, BRAND_*). */
  brand: Brand;
  /** METRICS_TOKEN: the bearer token of GET /metrics; unset: 404 in production, open in demo mode. */
  metricsToken: string | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: where traces go (OTLP over HTTP); unset: no tracing at all. */
  otelEndpoint: string | undefined;
  /** RETENTION_DAYS: a lead untouched for this many days is anonymised (docs/privacy.md). */
  retentionDays: number;
  /** WEBHOOK_URLS: where events are delivered (docs/webhooks.md); empty: webhooks off. */
  webhookUrls: string[];
  /**
   * WEBHOOK_SECRET: one `whsec_…` secret, or two separated by a comma while rotating (every
   * message is then signed with both).
   */
  webhookSecrets: string[];
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  /** One line per problem (production mode reports all of them at once). */
  readonly problems: string[];
  constructor(problems: string | string[]) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.join("; "));
    this.problems = list;
  }
}

/** Bytes a TOKEN_SECRET must have (also checked when the secret is loaded). */
export const MIN_TOKEN_SECRET_BYTES = 32;

const ROOT = path.resolve(import.meta.dirname, "..");

export function defaultConfig(): ServerConfig {
  return {
    host: "127.0.0.1",
    port: 8080,
    databaseUrl: undefined,
    dataDir: path.join(process.cwd(), ".data"),
    pgliteTemplateFile: undefined,
    apiKey: DEFAULT_API_KEY,
    appEnv: "prod",
    production: false,
    tokenSecret: undefined,
    alsUrl: DEFAULT_ALS_URL,
    maintenanceUrl: "/api/maintenance",
    maintenancePageUrl: "/maintenance",
    smtpUrl: undefined,
    mailFrom: senderOf(DEMO_BRAND),
    seed: "demo",
    allowedOrigins: [],
    publicOrigin: undefined,
    trustProxy: false,
    maxConnectionsPerAddress: 256,
    distDir: path.join(ROOT, "dist"),
    demoDir: path.join(ROOT, "demo"),
    brand: DEMO_BRAND,
    metricsToken: undefined,
    otelEndpoint: undefined,
    retentionDays: DEFAULT_RETENTION_DAYS,
    webhookUrls: [],
    webhookSecrets: [],
  };
}

export const DEFAULT_RETENTION_DAYS = 730;

function retentionDaysOf(value: string | undefined): number {
  const given = nonEmpty(value);
  if (given === undefined) return DEFAULT_RETENTION_DAYS;
  const n = Number(given);
  if (!Number.isInteger(n) || n < 1 || n > 36_500) {
    throw new ConfigError(`RETENTION_DAYS must be a whole number of days from 1 to 36500, got "${given}"`);
  }
  return n;
}

/** The default sender: the brand's name (customers see it), at a local no-reply address. */
function senderOf(brand: Brand): string {
  return `"${brand.name.replace(/["\\]/g, "")}" <no-reply@localhost>`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function connectionCap(value: string | undefined, fallback: number): number {
  const given = nonEmpty(value);
  if (given === undefined) return fallback;
  const n = Number(given);
  if (!Number.isInteger(n) || n < 0) {
    throw new ConfigError(`MAX_CONNECTIONS_PER_ADDRESS must be a whole number (0: no cap), got "${given}"`);
  }
  return n;
}

/**
 * An on/off setting: `1`, `true`, `yes` (any case) are on; `0`, `false`, `no` or unset/empty are
 * off; anything else is refused (a misspelt "on" must not quietly mean off).
 */
function onOff(name: string, value: string | undefined): boolean {
  const given = nonEmpty(value)?.toLowerCase();
  if (given === undefined || given === "0" || given === "false" || given === "no") return false;
  if (given === "1" || given === "true" || given === "yes") return true;
  throw new ConfigError(`${name} must be 1/true/yes (on) or 0/false/no (off), got "${value?.trim()}"`);
}

/**
 * What is wrong with SMTP_URL's form, if anything. The value itself is never repeated: it holds
 * the mail password (a URL that does not parse may show it anywhere).
 */
function smtpUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "SMTP_URL is not a URL like smtps://user:password@smtp.example.com:465 (a @, #, /, ? or % in the user or password must be percent-encoded: %40, %23, %2F, %3F, %25); its value is not shown, it may hold the password";
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    return "SMTP_URL must start with smtp:// or smtps:// (its value is not shown, it may hold the password)";
  if (url.hostname === "")
    return "SMTP_URL names no mail server host (its value is not shown, it may hold the password)";
  return undefined;
}

/** An origin as browsers send it: scheme, host and optional port, nothing after. */
const ORIGIN_PATTERN = /^https?:\/\/[^/\s]+\/?$/;

function normaliseOrigin(origin: string): string {
  return origin.replace(/\/$/, "").toLowerCase();
}

/**
 * The configuration from the environment. Every problem is collected first and thrown together
 * (one ConfigError line each), so a mistake in one setting never hides the others.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const base = defaultConfig();
  const problems: string[] = [];
  /** The value `read` gives, or `fallback` with its ConfigError's lines noted. */
  function check<T>(read: () => T, fallback: T): T {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      return fallback;
    }
  }
  const port = nonEmpty(env.PORT);
  const portNumber = port === undefined ? base.port : Number(port);
  if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) {
    problems.push(`PORT must be a port number, got "${port}"`);
  }
  const production = env.NODE_ENV === "production";
  const seed = nonEmpty(env.SEED) ?? (production ? "none" : "demo");
  if (seed !== "demo" && seed !== "none") problems.push(`SEED must be "demo" or "none", got "${seed}"`);
  const origins = (env.ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!ORIGIN_PATTERN.test(origin)) {
      problems.push(`ALLOWED_ORIGINS entries must look like https://shop.example, got "${origin}"`);
    }
  }
  const publicOrigin = nonEmpty(env.PUBLIC_ORIGIN)?.trim();
  if (publicOrigin !== undefined && !ORIGIN_PATTERN.test(publicOrigin)) {
    problems.push(`PUBLIC_ORIGIN must look like https://forms.example.hk, got "${publicOrigin}"`);
  }
  const smtpUrl = nonEmpty(env.SMTP_URL);
  const smtpProblem = smtpUrl === undefined ? undefined : smtpUrlProblem(smtpUrl);
  if (smtpProblem !== undefined) problems.push(smtpProblem);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const databaseProblem = databaseUrl === undefined ? undefined : databaseUrlProblem(databaseUrl);
  if (databaseProblem !== undefined) problems.push(databaseProblem);
  const pgliteTemplate = nonEmpty(env.PGLITE_TEMPLATE);
  const templateProblem = pgliteTemplateProblem(pgliteTemplate, databaseUrl);
  if (templateProblem !== undefined) problems.push(templateProblem);
  const trustProxy = check(() => onOff("TRUST_PROXY", env.TRUST_PROXY), false);
  const maxConnectionsPerAddress = check(
    () => connectionCap(env.MAX_CONNECTIONS_PER_ADDRESS, base.maxConnectionsPerAddress),
    base.maxConnectionsPerAddress,
  );
  const otelEndpoint = nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (otelEndpoint !== undefined && !/^https?:\/\/[^\s]+$/.test(otelEndpoint))
    problems.push(
      `OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL like http://collector:4318, got "${otelEndpoint}"`,
    );
  const retentionDays = check(() => retentionDaysOf(env.RETENTION_DAYS), DEFAULT_RETENTION_DAYS);
  if (production) problems.push(...productionProblems(env));
  const webhookUrls = commaList(env.WEBHOOK_URLS);
  const webhookSecrets = commaList(env.WEBHOOK_SECRET);
  problems.push(...webhookProblems({ webhookUrls, webhookSecrets, production }));
  let brand: Brand = base.brand;
  try {
    brand = brandFromEnv(env);
  } catch (error) {
    if (!(error instanceof BrandError)) throw error;
    problems.push(error.message);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...base,
    production,
    brand,
    host: nonEmpty(env.HOST) ?? base.host,
    port: portNumber,
    databaseUrl,
    pgliteTemplateFile: pgliteTemplate === undefined ? undefined : path.resolve(pgliteTemplate),
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? base.dataDir),
    apiKey: nonEmpty(env.API_KEY) ?? base.apiKey,
    appEnv: nonEmpty(env.APP_ENV) ?? base.appEnv,
    tokenSecret: nonEmpty(env.TOKEN_SECRET),
    alsUrl: nonEmpty(env.ALS_URL) ?? base.alsUrl,
    maintenanceUrl: nonEmpty(env.MAINTENANCE_URL) ?? base.maintenanceUrl,
    maintenancePageUrl: nonEmpty(env.MAINTENANCE_PAGE_URL) ?? base.maintenancePageUrl,
    smtpUrl,
    mailFrom: nonEmpty(env.MAIL_FROM) ?? senderOf(brand),
    seed: seed as ServerConfig["seed"],
    allowedOrigins: origins.map(normaliseOrigin),
    publicOrigin: publicOrigin === undefined ? undefined : normaliseOrigin(publicOrigin),
    trustProxy,
    maxConnectionsPerAddress,
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    otelEndpoint,
    retentionDays,
    webhookUrls,
    webhookSecrets,
  };
}

function commaList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Bytes a webhook secret must have once decoded (Standard Webhooks: 24 to 64). */
const WEBHOOK_SECRET_BYTES = { min: 24, max: 64 };

/**
 * What is wrong with the webhook settings, one line each. Secrets are never repeated; an
 * endpoint's URL is shown without its query, which may hold the receiver's own token.
 */
export function webhookProblems(
  config: Pick<ServerConfig, "webhookUrls" | "webhookSecrets" | "production">,
): string[] {
  const problems: string[] = [];
  for (const value of config.webhookUrls) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      problems.push("WEBHOOK_URLS: an entry is not a URL like https://crm.example.com/hooks/nu-forms");
      continue;
    }
    const shown = `${url.protocol}//${url.host}${url.pathname}`;
    if (url.protocol !== "https:" && url.protocol !== "http:")
      problems.push(`WEBHOOK_URLS: ${shown} must start with https://`);
    else if (config.production && url.protocol !== "https:")
      problems.push(`WEBHOOK_URLS: ${shown} must use https:// in production mode`);
    if (url.username || url.password)
      problems.push(
        `WEBHOOK_URLS: ${shown} carries a user name or password: receivers check the signature instead`,
      );
  }
  if (new Set(config.webhookUrls).size !== config.webhookUrls.length)
    problems.push("WEBHOOK_URLS names the same endpoint twice");
  if (config.webhookUrls.length > 0 && config.webhookSecrets.length === 0)
    problems.push(
      "WEBHOOK_SECRET is not set: webhooks to WEBHOOK_URLS are signed with it (whsec_ and base64)",
    );
  if (config.webhookSecrets.length > 2)
    problems.push(
      "WEBHOOK_SECRET holds more than two secrets (the new one, then the old one while rotating)",
    );
  config.webhookSecrets.forEach((secret, i) => {
    const which = config.webhookSecrets.length > 1 ? `WEBHOOK_SECRET (secret ${i + 1})` : "WEBHOOK_SECRET";
    const body = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : undefined;
    const bytes =
      body !== undefined && /^[A-Za-z0-9+/]+={0,2}$/.test(body) ? Buffer.from(body, "base64").length : 0;
    if (body === undefined || bytes === 0)
      problems.push(`${which} must be whsec_ followed by base64 (its value is not shown)`);
    else if (bytes < WEBHOOK_SECRET_BYTES.min || bytes > WEBHOOK_SECRET_BYTES.max)
      problems.push(
        `${which} must hold ${WEBHOOK_SECRET_BYTES.min} to ${WEBHOOK_SECRET_BYTES.max} random bytes after whsec_, got ${bytes} (its value is not shown)`,
      );
  });
  return problems;
}

/**
 * What is wrong with DATABASE_URL's form, if anything; never repeats the value (it holds the
 * database password).
 */
function databaseUrlProblem(value: string): string | undefined {
  if (value === "memory://") return undefined;
  if (!/^postgres(ql)?:\/\//.test(value))
    return 'DATABASE_URL must be "memory://" or start with postgres:// or postgresql:// (unset: the embedded database in DATA_DIR); its value is not shown, it may hold the password';
  try {
    new URL(value);
  } catch {
    return "DATABASE_URL is not a URL like postgres://user:password@host:5432/database (a @, #, /, ? or % in the user or password must be percent-encoded: %40, %23, %2F, %3F, %25); its value is not shown, it may hold the password";
  }
  return undefined;
}

/** What is wrong with PGLITE_TEMPLATE, if anything: it needs the in-memory database and a file. */
function pgliteTemplateProblem(
  file: string | undefined,
  databaseUrl: string | undefined,
): string | undefined {
  if (file === undefined) return undefined;
  if (databaseUrl !== "memory://")
    return "PGLITE_TEMPLATE only applies to DATABASE_URL=memory:// (the in-memory database)";
  if (!fs.existsSync(file)) return `PGLITE_TEMPLATE: no file at ${path.resolve(file)}`;
  return undefined;
}

/**
 * What keeps NODE_ENV=production from starting: each entry is one line an operator can act on.
 * The demo defaults (dev outbox, published API key, generated secret, demo accounts) would give
 * every account away on a real deployment.
 */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (nonEmpty(env.SMTP_URL) === undefined) {
    problems.push("SMTP_URL is not set: production mode mails sign-in codes and has no dev outbox");
  }
  const apiKey = nonEmpty(env.API_KEY);
  if (apiKey === undefined)
    problems.push("API_KEY is not set: production mode needs the brand's own API key");
  else if (apiKey === DEFAULT_API_KEY)
    problems.push(`API_KEY is the published development key "${DEFAULT_API_KEY}": choose your own`);
  const secret = nonEmpty(env.TOKEN_SECRET);
  if (secret === undefined) {
    problems.push(
      `TOKEN_SECRET is not set: give a random secret of at least ${MIN_TOKEN_SECRET_BYTES} bytes`,
    );
  } else if (Buffer.byteLength(secret, "utf8") < MIN_TOKEN_SECRET_BYTES) {
    problems.push(`TOKEN_SECRET is shorter than ${MIN_TOKEN_SECRET_BYTES} bytes`);
  }
  if (nonEmpty(env.SEED) === "demo") {
    problems.push("SEED=demo asks for the demo accounts and their published password: not in production");
  }
  if (nonEmpty(env.PGLITE_TEMPLATE) !== undefined) {
    // A template holds whatever was in it, the demo accounts and their published password too.
    problems.push("PGLITE_TEMPLATE starts from a test database's copy: not in production");
  }
  return problems;
}
