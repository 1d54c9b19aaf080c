/**
 * `node --import tsx server/main.ts`: starts the server (server/launch.ts) with the environment
 * described in docs/deploy.md and stops it gracefully on SIGINT/SIGTERM. A start that fails prints
 * one `nu-forms: …` line per problem on stderr, no stack trace, and exits with status 1.
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
