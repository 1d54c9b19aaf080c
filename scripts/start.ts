/**
 * `npm start`: builds everything quietly (the build's output is shown only when it fails), then
 * runs the server, which says its mode and address in a few lines.
 *
 * `npm run start:offline` does the same with the address lookup answered from recorded answers:
 * it also starts the playback (e2e/support/als-playback.ts) and points the server's ALS_URL at it
 * (scripts/dev.ts's devEnv), in one command. `--no-build` starts from the dist/ there is.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { devEnv } from "./dev.ts";

/** What a failed build printed that matters: its error output, else the end of its log. */
export function buildFailureText(stdout: string, stderr: string): string {
  const errors = stderr.trim();
  if (errors) return errors;
  return stdout.trim().split("\n").slice(-30).join("\n");
}

function quietBuild(): Promise<boolean> {
  return new Promise((done) => {
    const started = Date.now();
    process.stdout.write("nu-forms: building the elements and host pages (npm run build)…\n");
    const build = spawn("npm", ["run", "--silent", "build"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    build.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    build.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    build.on("close", (code) => {
      if (code === 0) {
        console.log(`nu-forms: built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        return done(true);
      }
      console.error(buildFailureText(stdout, stderr));
      console.error(`nu-forms: the build failed (exit ${code}); nothing was started`);
      done(false);
    });
  });
}

async function main() {
  const argv = process.argv.slice(2);
  const env = devEnv(argv, process.env);
  if (!argv.includes("--no-build") && !(await quietBuild())) process.exit(1);
  const children: ChildProcess[] = [];
  const stop = (code = 0) => {
    for (const child of children) child.kill("SIGTERM");
    process.exitCode = code;
  };
  const run = (args: string[]) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { stdio: "inherit", env });
    children.push(child);
    child.on("exit", (code) => stop(code ?? 0));
  };
  if (env.ALS_URL !== process.env.ALS_URL) {
    console.log(
      `nu-forms: address lookup from recorded answers at ${env.ALS_URL} (try 淘大, amoy, 都會 or focal)`,
    );
    run(["e2e/support/als-playback.ts"]);
  }
  run(["server/main.ts"]);
  process.on("SIGINT", () => stop());
  process.on("SIGTERM", () => stop());
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) main();
