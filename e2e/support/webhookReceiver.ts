/**
 * A brand's webhook receiver on 127.0.0.1 (outside production the server may post to loopback
 * http://): one per worker, named in the worker's server's WEBHOOK_URLS (e2e/support/test.ts). It
 * verifies each message's signature with the standardwebhooks package as a real receiver does
 * (401 if wrong) and otherwise answers `status`, which a test sets to see a delivery fail.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";

export interface WebhookReceiver {
  url: string;
  secret: string;
  /** The answer to a correctly signed message (204 unless a test says otherwise). */
  status: number;
  /** The event types received with a valid signature, in order of arrival. */
  received: string[];
  stop(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const verifier = new Webhook(secret);
  const receiver: WebhookReceiver = { url: "", secret, status: 204, received: [], stop: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let event: { type: string };
      try {
        event = verifier.verify(
          Buffer.concat(chunks).toString("utf8"),
          req.headers as Record<string, string>,
        ) as {
          type: string;
        };
      } catch {
        res.writeHead(401).end();
        return;
      }
      receiver.received.push(event.type);
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hooks`;
  receiver.stop = () => new Promise((done) => server.close(() => done()));
  return receiver;
}
