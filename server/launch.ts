/**
 * Starting the server from an environment, as `server/main.ts` does for the process: says first
 * which mode it runs in (demo, or NODE_ENV=production), then exactly one
 * `nu-forms listening on http://HOST:PORT` line (tests wait for it), whether the dev outbox is on,
 * the API key (demo mode only) and, in production, what is still missing before the first
 * customer. A start that fails is `startFailureLines`: one `nu-forms: …` line per problem.
 */
import { type AppOptions, type RunningServer, startServer } from "./app.ts";
import { ConfigError, configFromEnv, DEFAULT_API_KEY, type ServerConfig } from "./config.ts";
import { setupGaps } from "./setupGaps.ts";

function announceMode(config: ServerConfig, log: (line: string) => void): void {
  if (config.production) {
    log("nu-forms: production mode (NODE_ENV=production): mail through SMTP_URL, no dev outbox");
    if (config.databaseUrl === "memory://")
      log(
        "nu-forms: WARNING: DATABASE_URL=memory:// in production: every lead, code and session is lost when this process stops",
      );
    if (config.publicOrigin === undefined) {
      log(
        "nu-forms: PUBLIC_ORIGIN is not set: the server's own origin is taken from each request's Host header; set it to the address customers use (docs/deploy.md)",
      );
    }
    return;
  }
  log(
    "nu-forms: DEMO MODE — embedded database, demo accounts with a published password, codes in the dev outbox.",
  );
  log("nu-forms: not for real customers; deploy with NODE_ENV=production (see docs/deploy.md).");
}

/**
 * `say` takes the lines for the operator; `options` are for tests: where the JSON log lines go
 * (default stdout) and a PGlite dump to start `memory://` from.
 */
export async function launch(
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
  options: Pick<AppOptions, "log" | "pgliteTemplate" | "metrics"> = {},
): Promise<RunningServer> {
  const config = configFromEnv(env);
  announceMode(config, say);
  const server = await startServer({ ...config, ...options });
  say(`nu-forms listening on ${server.url}`);
  say(
    server.deps.mailer.devOutbox
      ? "dev outbox ON: no SMTP_URL, codes are kept for GET /api/dev/outbox instead of being mailed"
      : "mail: codes are sent through SMTP_URL (dev outbox off)",
  );
  if (config.webhookUrls.length > 0) {
    say(
      `webhooks: ${config.webhookUrls.length} endpoint(s) (WEBHOOK_URLS), signed with ${config.webhookSecrets.length} secret(s)`,
    );
  }
  if (!config.production) {
    say(
      config.apiKey === DEFAULT_API_KEY
        ? `API key: ${config.apiKey} (the fixed development key; set API_KEY in production)`
        : `API key: ${config.apiKey} (from API_KEY)`,
    );
  }
  say(
    `database: ${config.databaseUrl === undefined ? `PGlite in ${config.dataDir}` : config.databaseUrl === "memory://" ? "PGlite in memory" : "PostgreSQL (DATABASE_URL)"}`,
  );

  if (config.production) {
    for (const gap of await setupGaps(server.deps)) say(`nu-forms: not ready for customers: ${gap}`);
  }
  return server;
}

/** What a failed start says: each configuration problem on its own line, else one line. */
export function startFailureLines(error: unknown): string[] {
  if (error instanceof ConfigError) return error.problems.map((problem) => `nu-forms: ${problem}`);
  return [`nu-forms: could not start: ${oneLine(error)}`];
}

/**
 * An unexpected start-up failure as one line: its name, code and the first line of its message,
 * with any credentials of a URL in it (user:password@) blanked. No stack trace: the operator
 * needs what to fix, and a dump may quote settings.
 */
function oneLine(error: unknown): string {
  const e = error as { name?: unknown; code?: unknown; message?: unknown } | null;
  const name = typeof e?.name === "string" ? e.name : "Error";
  const code = typeof e?.code === "string" ? ` ${e.code}` : "";
  const message = typeof e?.message === "string" ? e.message.split("\n")[0] : String(error);
  return `${name}${code}: ${message.replace(/\/\/[^/\s@]*@/g, "//…@")}`;
}
