/**
 * The API bench's `API, metrics off` server (BENCH_METRICS=compare, bench/api.ts): the
 * server as `server/main.ts` starts it, counting no metrics, for the cost of counting them.
 */
import { launch, startFailureLines } from "../server/launch.ts";

launch(process.env, (line) => console.log(line), { metrics: false }).then(
  (server) => {
    process.on("SIGTERM", () => void server.stop().then(() => process.exit(0)));
  },
  (error) => {
    for (const line of startFailureLines(error)) console.error(line);
    process.exit(1);
  },
);
