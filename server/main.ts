/**
 * `node --import tsx server/main.ts`: the server with the environment of docs/deploy.md. Says first
 * which mode it runs in (demo, or NODE_ENV=production), then prints exactly one
 * `nu-forms listening on http://HOST:PORT` line (tests wait for it), whether the dev outbox is
 * on, and the API key (demo mode only); stops gracefully on SIGINT/SIGTERM.
 */
import { launch, startFailureLines } from "./launch.ts";

launch(process.env, (line) => console.log(line)).then(
  (server) => {
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
  },
  (error) => {
    for (const line of startFailureLines(error)) console.error(line);
    process.exit(1);
  },
);
