/**
 * `npm run dev`: rebuilds the element bundle and the host pages on every change and restarts the
 * API server when server code changes. Open http://localhost:8080 (PORT overrides).
 *
 * `npm run dev -- --offline` also starts the address-lookup playback (e2e/support/als-playback.ts:
 * recorded answers of the government Address Lookup Service) on ALS_PORT (8182) and points the
 * server's ALS_URL at it, for work without that service (docs/contributing.md lists its queries).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

const children: ChildProcess[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { stdio: "inherit", env });
  children.push(child);
  child.on("exit", (code) => {
    if (code && code !== 0) shutdown(code);
  });
}

function shutdown(code = 0) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}

/** The server's environment: with `--offline`, ALS_URL names the playback this script starts. */
export function devEnv(argv: readonly string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!argv.includes("--offline")) return env;
  const alsPort = env.ALS_PORT ?? "8182";
  return { ...env, ALS_PORT: alsPort, ALS_URL: `http://127.0.0.1:${alsPort}/lookup` };
}

function main() {
  const env = devEnv(process.argv.slice(2), process.env);
  if (env.ALS_URL !== process.env.ALS_URL) {
    console.log(
      `dev: address lookup from the recorded answers at ${env.ALS_URL} (try 淘大, amoy, 都會 or focal)`,
    );
    run(process.execPath, ["--import", "tsx", "e2e/support/als-playback.ts"], env);
  }
  run("npx", ["vite", "build", "--mode", "elements", "--watch"]);
  run("npx", ["vite", "build", "--mode", "hosts", "--watch"]);
  run(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], env);

  process.on("SIGINT", () => shutdown());
  process.on("SIGTERM", () => shutdown());
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) main();
