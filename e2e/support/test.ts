/**
 * The suite's `test`: Playwright's, with a server of this worker's own. Each worker starts the
 * built server (dist/) with a fresh in-memory database before its first test, so tests in
 * different workers share no accounts, codes, sign-in limits or lead data, and the suite can run
 * as many workers as the machine has cores. Tests in one worker run one after another.
 */
import { test as base } from "@playwright/test";
import { useServerPort } from "./env.ts";
import { type RunningServer, startServer } from "./server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./webhookReceiver.ts";

export * from "@playwright/test";

export const test = base.extend<object, { appServer: RunningServer; webhookReceiver: WebhookReceiver }>({
  webhookReceiver: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from its first parameter.
    async ({}, use) => {
      const receiver = await startWebhookReceiver();
      await use(receiver);
      await receiver.stop();
    },
    { scope: "worker" },
  ],
  appServer: [
    async ({ webhookReceiver }, use) => {
      const server = await startServer((port) => ({
        APP_ENV: "prod",
        // A brand site on another origin (e2e/embed-cross-origin.spec.ts): localhost vs 127.0.0.1.
        ALLOWED_ORIGINS: `http://localhost:${port}`,
        // Webhooks on, as a brand runs them (e2e/lead-desk.spec.ts reads the delivery log).
        WEBHOOK_URLS: webhookReceiver.url,
        WEBHOOK_SECRET: webhookReceiver.secret,
      }));
      useServerPort(server.port);
      await use(server);
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer.url),
});
