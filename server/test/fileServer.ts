/**
 * The prologue most server test files share: one server for the whole file (or for the describe
 * block it is called in), started before its tests and stopped after them. Apart from harness.ts because it registers Vitest hooks, and
 * harness.ts is imported outside Vitest too (the e2e and engines set-ups).
 */
import { afterAll, beforeAll } from "vitest";
import { type StartOptions, startTestServer, type TestServer } from "./harness.ts";

/**
 * The file's server, usable inside its tests and hooks (hooks registered after this call run after
 * the server is up). Reading it at a module's top level, before the server starts, throws.
 */
export function fileServer(options: StartOptions = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = (): TestServer => {
    if (!server) throw new Error("the file's server is not started yet: use it inside a test or hook");
    return server;
  };
  return new Proxy({} as TestServer, {
    get: (_, key) => Reflect.get(started(), key),
    set: (_, key, value) => Reflect.set(started(), key, value),
  });
}
