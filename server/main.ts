/**
 * `node --import tsx server/main.ts`: the server with the environment of docs/deploy.md. Says first
 * which mode it runs in (demo, or NODE_ENV=production), then prints exactly one
 * `nu-forms listening on http://HOST:PORT` line (tests wait for it), whether the dev outbox is
 * on, and the API key (demo mode only); stops gracefully on SIGINT/SIGTERM.
 */
import { startServer } from "./app.ts";
import { ConfigError, configFromEnv, DEFAULT_API_KEY, type ServerConfig } from "./config.ts";
import { setupGaps } from "./setupGaps.ts";

function announceMode(config: ServerConfig): void {
  if (config.production) {
    console.log("nu-forms: production mode (NODE_ENV=production): mail through SMTP_URL, no dev outbox");
    if (config.publicOrigin === undefined) {
      console.log(
        "nu-forms: PUBLIC_ORIGIN is not set: the server's own origin is taken from each request's Host header; set it to the address customers use (docs/deploy.md)",
      );
    }
    return;
  }
  console.log(
    "nu-forms: DEMO MODE — embedded database, demo accounts with a published password, codes in the dev outbox.",
  );
  console.log("nu-forms: not for real customers; deploy with NODE_ENV=production (see docs/deploy.md).");
}

async function main(): Promise<void> {
  const config = configFromEnv();
  announceMode(config);
  const server = await startServer(config);
  console.log(`nu-forms listening on ${server.url}`);
  console.log(
    server.deps.mailer.devOutbox
      ? "dev outbox ON: no SMTP_URL, codes are kept for GET /api/dev/outbox instead of being mailed"
      : "mail: codes are sent through SMTP_URL (dev outbox off)",
  );
  if (!config.production) {
    console.log(
      config.apiKey === DEFAULT_API_KEY
        ? `API key: ${config.apiKey} (the fixed development key; set API_KEY in production)`
        : `API key: ${config.apiKey} (from API_KEY)`,
    );
  }
  console.log(
    `database: ${config.databaseUrl === undefined ? `PGlite in ${config.dataDir}` : config.databaseUrl === "memory://" ? "PGlite in memory" : "PostgreSQL (DATABASE_URL)"}`,
  );

  if (config.production) {
    for (const gap of await setupGaps(server.deps)) console.log(`nu-forms: not ready for customers: ${gap}`);
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    server.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(`stop failed: ${(error as Error).name}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
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

main().catch((error) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`nu-forms: ${problem}`);
  } else {
    console.error(`nu-forms: could not start: ${oneLine(error)}`);
  }
  process.exit(1);
});
