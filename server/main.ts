/**
 * `node --import tsx server/main.ts`: the server with the environment of DESIGN §6. Prints
 * exactly one `nu-forms listening on http://HOST:PORT` line (tests wait for it), whether the dev
 * outbox is on, and the API key; stops cleanly on SIGINT/SIGTERM.
 */
import { startServer } from "./app.ts";
import { ConfigError, configFromEnv, DEFAULT_API_KEY } from "./config.ts";

async function main(): Promise<void> {
  const config = configFromEnv();
  const server = await startServer(config);
  console.log(`nu-forms listening on ${server.url}`);
  console.log(
    server.deps.mailer.devOutbox
      ? "dev outbox ON: no SMTP_URL, codes are kept for GET /api/dev/outbox instead of being mailed"
      : "mail: codes are sent through SMTP_URL (dev outbox off)",
  );
  console.log(
    config.apiKey === DEFAULT_API_KEY
      ? `API key: ${config.apiKey} (the fixed development key; set API_KEY in production)`
      : `API key: ${config.apiKey} (from API_KEY)`,
  );
  console.log(
    `database: ${config.databaseUrl === undefined ? `PGlite in ${config.dataDir}` : config.databaseUrl === "memory://" ? "PGlite in memory" : "PostgreSQL (DATABASE_URL)"}`,
  );

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

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`nu-forms: ${error.message}`);
  } else {
    console.error("nu-forms: could not start:", error);
  }
  process.exit(1);
});
