/**
 * With SMTP_URL the codes are mailed (nodemailer, for real, to a small SMTP sink on loopback),
 * cleared from the outbox once sent, and the dev outbox is off.
 */
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_PASSWORD, newLeadBody, startTestServer, type TestServer, ticketHeader } from "./harness.ts";

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP (RFC 5321) to accept mail: EHLO, MAIL, RCPT, DATA, QUIT. */
function smtpSink(port = 0): Promise<{ server: Server; port: number; mails: Received[] }> {
  const mails: Received[] = [];
  const server = createServer((socket) => {
    let buffer = "";
    let current: Received = { from: "", to: [], data: "" };
    let inData = false;
    socket.write("220 sink ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let newline = buffer.indexOf("\r\n");
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            mails.push(current);
            current = { from: "", to: [], data: "" };
            socket.write("250 OK queued\r\n");
          } else {
            current.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          }
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write("250-sink\r\n250 8BITMIME\r\n");
        else if (/^MAIL FROM:/i.test(line)) {
          current.from = line.slice(10);
          socket.write("250 OK\r\n");
        } else if (/^RCPT TO:/i.test(line)) {
          current.to.push(line.slice(8).replace(/[<>]/g, ""));
          socket.write("250 OK\r\n");
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (/^QUIT/i.test(line)) {
          socket.end("221 bye\r\n");
        } else socket.write("250 OK\r\n");
        newline = buffer.indexOf("\r\n");
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      resolve({ server, port: (server.address() as { port: number }).port, mails });
    });
  });
}

/** A part's body decoded, whatever transfer encoding nodemailer chose. */
function decoded(head: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** A message's parts by content type (text/plain, text/html), multipart/alternative opened. */
function partsOf(raw: string): Record<string, string> {
  const [head, ...rest] = raw.split("\n\n");
  const unfolded = head.replace(/\n[ \t]+/g, " ");
  const body = rest.join("\n\n");
  const type = /^content-type:\s*([\w/-]+)/im.exec(unfolded)?.[1].toLowerCase() ?? "text/plain";
  const boundary = /boundary="?([^";\n]+)"?/i.exec(unfolded)?.[1];
  if (!type.startsWith("multipart/") || !boundary) return { [type]: decoded(unfolded, body) };
  const parts = body.split(`--${boundary}`).slice(1, -1);
  return Object.assign({}, ...parts.map((part) => partsOf(part.replace(/^\n/, ""))));
}

/** The plain text part of a message. */
const bodyText = (raw: string): string => partsOf(raw)["text/plain"] ?? "";

/** The Subject header, its RFC 2047 encoded words decoded. */
function subjectOf(raw: string): string {
  const head = raw.split("\n\n")[0].replace(/\n[ \t]+/g, " ");
  const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? "";
  return subject
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, how: string, text: string) =>
      how.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            "latin1",
          ).toString("utf8"),
    );
}

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out waiting");
}

let sink: Awaited<ReturnType<typeof smtpSink>>;
let s: TestServer;

beforeAll(async () => {
  sink = await smtpSink();
  s = await startTestServer({
    smtpUrl: `smtp://127.0.0.1:${sink.port}`,
    mailFrom: "nu-forms <codes@example.com>",
  });
});
afterAll(async () => {
  await s?.stop();
  await new Promise((r) => sink?.server.close(r));
});

describe("mail through SMTP_URL", () => {
  it("mails the customer's code, which signs in; the outbox keeps no code once sent", async () => {
    const sent = await s.call("POST", "/api/auth/email/code", {
      body: { email: "mailbox@example.com", flow: "nuform" },
    });
    expect(sent.status).toBe(200);
    const mail = await waitFor(() => sink.mails.find((m) => m.to.includes("mailbox@example.com")));
    expect(mail.from).toContain("codes@example.com");
    const text = bodyText(mail.data);
    const code = /(\d{6})/.exec(text)?.[1];
    expect(code, text).toBeDefined();
    expect(text).toContain("驗證碼");
    // Subject, text and HTML (multipart/alternative), in the form's language (zh-HK by default).
    expect(subjectOf(mail.data)).toBe("你的 BabyNu 營養驗證碼");
    expect(partsOf(mail.data)["text/html"]).toContain(`${code}</strong>`);
    const verify = await s.call("POST", "/api/auth/email/verify", {
      body: { email: "mailbox@example.com", code, flow: "nuform" },
    });
    expect(verify.status).toBe(200);
    const outbox = await waitFor(async () => {
      const { rows } = await s.db.query<{ code: string | null; text: string | null; sent_at: Date | null }>(
        "SELECT code, text, sent_at FROM outbox WHERE to_addr = 'mailbox@example.com'",
      );
      return rows[0]?.code === null ? rows : undefined;
    });
    expect(outbox).toEqual([{ code: null, text: null, sent_at: expect.any(Date) }]);
  });

  it("mails the confirmation of a new lead with its reference; the outbox keeps no text once sent", async () => {
    const email = "confirmed@example.com";
    await s.call("POST", "/api/auth/email/code", { body: { email, flow: "nuform" } });
    const codeMail = await waitFor(() => sink.mails.find((m) => m.to.includes(email)));
    const code = /(\d{6})/.exec(bodyText(codeMail.data))?.[1];
    const verify = await s.call<{ token: string }>("POST", "/api/auth/email/verify", {
      body: { email, code, flow: "nuform" },
    });
    const created = await s.call<{ id: string }>("POST", "/api/lead", {
      token: verify.body.Data[0].token,
      body: newLeadBody(email),
    });
    expect(created.status).toBe(200);
    const ref = created.body.Data[0].id;
    const mail = await waitFor(() => sink.mails.find((m) => m.to.includes(email) && m !== codeMail));
    expect(subjectOf(mail.data)).toBe("BabyNu 營養會員登記確認");
    const text = bodyText(mail.data);
    expect(text).toContain(`你的登記編號：${ref}`);
    expect(text).toMatch(/https?:\/\/[^\s]+\/customer\/nuForm/);
    const html = partsOf(mail.data)["text/html"];
    expect(html).toContain(`${ref}</strong>`);
    expect(html).toMatch(/<a href="https?:\/\/[^"]+\/customer\/nuForm">/);
    // RFC 8058 one-click opt-out (docs/privacy.md): the link of this lead, in the text and the
    // headers; the code mail has none.
    const head = mail.data.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
    const link = new RegExp(
      `^List-Unsubscribe: <(https?://[^>]+/unsubscribe\\?t=${ref}\\.[^>]+)>$`,
      "m",
    ).exec(head)?.[1];
    expect(link).toBeDefined();
    expect(text).toContain(link);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(codeMail.data).not.toMatch(/^List-Unsubscribe/m);
    const rows = await waitFor(async () => {
      const { rows } = await s.db.query<{ text: string | null }>(
        "SELECT text FROM outbox WHERE to_addr = $1 AND kind = 'lead-confirmation'",
        [email],
      );
      return rows[0]?.text === null ? rows : undefined;
    });
    expect(rows).toHaveLength(1);
  });

  it("mails the staff code to the staff member's address, in the staff page's language", async () => {
    const login = await s.call("POST", "/api/staff/login", {
      body: { staff_id: "S002", password: DEMO_PASSWORD, lang: "en" },
    });
    expect(login.body.Data[0]).toMatchObject({ need_otp: "Y", staff_token: "" });
    const mail = await waitFor(() => sink.mails.find((m) => m.to.includes("s002@example.com")));
    expect(subjectOf(mail.data)).toBe("BabyNu Nutrition staff one-time code");
    const code = /(\d{6})/.exec(bodyText(mail.data))?.[1] as string;
    const otp = await s.call<{ staff_token: string }>("POST", "/api/staff/otp", {
      body: { staff_id: "S002", code },
      headers: ticketHeader(login),
    });
    expect(otp.status).toBe(200);
    expect(otp.body.Data[0].staff_token).not.toBe("");
  });

  it("turns the dev outbox off", async () => {
    const res = await s.call("GET", "/api/dev/outbox?email=mailbox@example.com");
    expect(res.status).toBe(404);
    expect(res.body.Error).toBe("DEV_OUTBOX_DISABLED");
  });
});

describe("a code mail that fails to send", () => {
  it("is tried again 5 s later, with the SMTP failure's reason in the log (no address, no code)", async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, "127.0.0.1", resolve));
    const port = (free.address() as { port: number }).port;
    await new Promise((resolve) => free.close(resolve));
    const s = await startTestServer({ seed: "none", smtpUrl: `smtp://127.0.0.1:${port}` });
    let sink: Awaited<ReturnType<typeof smtpSink>> | undefined;
    // The retry waits on a timer: the test moves it instead of waiting the 5 s.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const sent = await s.call("POST", "/api/auth/email/code", {
        body: { email: "retry@example.com", flow: "nuform" },
      });
      expect(sent.status).toBe(200);
      await expect.poll(() => s.logs.join("\n")).toMatch(/not sent/);
      const line = s.logs.find((l) => l.includes("not sent")) ?? "";
      expect(line).toMatch(
        /customer-code not sent \((ESOCKET|ECONNECTION)[^)]*\), attempt 1 of 5, retry in 5 s/,
      );
      expect(line).not.toContain("retry@example.com");
      sink = await smtpSink(port);
      const mails = sink.mails;
      vi.advanceTimersByTime(4_900);
      expect(s.logs.join("\n")).not.toMatch(/attempt 2/);
      expect(mails).toHaveLength(0);
      vi.advanceTimersByTime(100);
      vi.useRealTimers();
      await expect.poll(() => mails.length).toBe(1);
      expect(mails[0].to).toEqual(["retry@example.com"]);
    } finally {
      vi.useRealTimers();
      await s.stop();
      sink?.server.close();
    }
  });
});
