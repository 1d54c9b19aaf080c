/**
 * `npm run dev`: rebuilds the element bundle and the host pages on every change and restarts the
 * API server when server code changes. Open http://localhost:8080 (PORT overrides).
 */
import { type ChildProcess, spawn } from "node:child_process";

const children: ChildProcess[] = [];

function run(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: "inherit", env: process.env });
  children.push(child);
  child.on("exit", (code) => {
    if (code && code !== 0) shutdown(code);
  });
}

function shutdown(code = 0) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}

run("npx", ["vite", "build", "--config", "vite.lib.config.ts", "--mode", "elements", "--watch"]);
run("npx", ["vite", "build", "--config", "vite.hosts.config.ts", "--watch"]);
run(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"]);

process.on("SIGINT", () => shutdown());
process.on("SIGTERM", () => shutdown());
