/**
 * The confirmation mail of a new lead: through the same outbox as the codes (the dev outbox here),
 * naming the reference and the member page, Chinese first then English; written by the lead's own
 * statement, so a replayed or refused create mails nothing; never in the codes list, never logged.
 */
import { describe, expect, it } from "vitest";
import { fileServer } from "./fileServer.ts";
import { customerToken, newLeadBody } from "./harness.ts";

const s = fileServer({ publicOrigin: "https://forms.example.hk" });

interface Entry {
  to: string;
  kind: string;
  code: string | null;
  text: string;
}

const confirmations = async (email: string) =>
  (await s.call<Entry>("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}&kind=confirmation`)).body
    .Data;

describe("the confirmation mail of a new lead", () => {
  it("names the reference and the member page, in Chinese and English; once per lead", async () => {
    const email = "confirm.one@example.com";
    const token = await customerToken(s, email);
    expect(await confirmations(email)).toEqual([]);
    const created = await s.call<{ id: string }>("POST", "/api/lead", {
      token,
      body: newLeadBody(email),
      headers: { "Idempotency-Key": "confirm-one-1" },
    });
    expect(created.status).toBe(200);
    const ref = created.body.Data[0].id;
    const [mail, ...more] = await confirmations(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: email, kind: "lead-confirmation", code: null });
    expect(mail.text).toContain(`你的參考編號：${ref}`);
    expect(mail.text).toContain(`Your reference: ${ref}`);
    expect(mail.text).toContain("https://forms.example.hk/customer/nuForm");
    expect(mail.text.indexOf("參考編號")).toBeLessThan(mail.text.indexOf("Your reference"));
    // No personal data beyond the address it goes to: not the name, not the phone.
    expect(mail.text).not.toContain("大文");
    expect(mail.text).not.toContain("91234567");

    // The same request again (its answer lost): the first answer, and no second mail.
    const replay = await s.call("POST", "/api/lead", {
      token,
      body: newLeadBody(email),
      headers: { "Idempotency-Key": "confirm-one-1" },
    });
    expect(replay.status).toBe(200);
    // A second lead of the same flow is refused: no mail either.
    const refused = await s.call("POST", "/api/lead", { token, body: newLeadBody(email) });
    expect(refused.body.Error).toBe("LEAD_EXISTS");
    expect(await confirmations(email)).toHaveLength(1);

    // The codes list stays the codes only; the log names neither the address nor the reference.
    const codes = await s.call<Entry>("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`);
    expect(codes.body.Data.map((e) => e.kind)).toEqual(["customer-code"]);
    const logs = s.logs.join("\n");
    expect(logs).not.toContain(email);
    expect(logs).not.toContain(ref);
  });

  it("points a recruitment lead to the recruitment member page", async () => {
    const email = "confirm.two@example.com";
    const token = await customerToken(s, email, "recruitment");
    const created = await s.call<{ id: string }>("POST", "/api/lead", {
      token,
      body: newLeadBody(email, "recruitment"),
    });
    expect(created.status).toBe(200);
    const [mail] = await confirmations(email);
    expect(mail.text).toContain(created.body.Data[0].id);
    expect(mail.text).toContain("https://forms.example.hk/customer/recruitmentForm");
  });

  it("an unknown kind is a validation error naming the field", async () => {
    const res = await s.call("GET", "/api/dev/outbox?email=a@example.com&kind=everything");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("kind");
  });
});
