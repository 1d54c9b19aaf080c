/**
 * Mail in the requester's language (the form's or staff page's when it asked), through the dev
 * outbox: each code mail and the confirmation of a new lead, subject, text and HTML. The
 * confirmation says what the page says (登記編號, the gift, where, the last day written as a
 * sentence reads it, the brand's name in that language) and links back to the page the customer
 * enrolled on when its origin is allowed. It is written by the lead's own statement, so a replayed
 * or refused create mails nothing; never in the codes list, never logged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerToken, DEMO_PASSWORD, newLeadBody, startTestServer, type TestServer } from "./harness.ts";

const ORIGIN = "https://forms.example.hk";
const BRAND_PAGE = "https://shop.example.hk";
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ publicOrigin: ORIGIN, allowedOrigins: [BRAND_PAGE] });
  // 7 December 2026, 10:00 in Hong Kong: a 90-day offer runs to 7 March 2027.
  s.clock.advance(Date.parse("2026-12-07T10:00:00+08:00") - s.clock.now());
});
afterAll(async () => {
  await s?.stop();
});

interface Entry {
  to: string;
  kind: string;
  code: string | null;
  lang: string | null;
  subject: string;
  text: string;
  html: string;
}

const outbox = async (query: string) => (await s.call<Entry>("GET", `/api/dev/outbox?${query}`)).body.Data;
const confirmations = (email: string) => outbox(`email=${encodeURIComponent(email)}&kind=confirmation`);

async function codeMail(email: string, lang?: string): Promise<Entry> {
  const sent = await s.call("POST", "/api/auth/email/code", { body: { email, flow: "nuform", lang } });
  expect(sent.status).toBe(200);
  return (await outbox(`email=${encodeURIComponent(email)}`))[0];
}

async function newLead(email: string, extra: Record<string, unknown> = {}, lang?: string) {
  const token = await customerToken(s, email);
  const body = newLeadBody(email);
  const created = await s.call<{ id: string } & Record<string, unknown>>("POST", "/api/lead", {
    token,
    body: { ...body, consents: { ...(body.consents as object), lang }, ...extra },
  });
  return { token, created };
}

describe("code mails in the requester's language", () => {
  it("the customer's code: zh-HK unless the form says otherwise; English; Simplified Chinese for zh-CN", async () => {
    const zh = await codeMail("code.zh@example.com");
    expect(zh).toMatchObject({ lang: "zh-HK", subject: "你的 BabyNu 營養驗證碼" });
    expect(zh.text).toBe(`你的驗證碼是：${zh.code}\n\n10 分鐘內有效。如你沒有要求此驗證碼，請忽略這封電郵。`);
    expect(zh.html).toContain('<html lang="zh-HK">');
    expect(zh.html).toContain(`<strong style="font-size:24px;letter-spacing:2px">${zh.code}</strong>`);

    const en = await codeMail("code.en@example.com", "en");
    expect(en).toMatchObject({ lang: "en", subject: "Your BabyNu Nutrition verification code" });
    expect(en.text).toContain(`Your verification code is: ${en.code}`);
    expect(en.text).toContain("It is valid for 10 minutes.");
    expect(en.text).not.toMatch(/[\u3400-\u9fff]/);
    expect(en.html).toContain('<html lang="en">');

    const hans = await codeMail("code.hans@example.com", "zh-CN");
    expect(hans).toMatchObject({ lang: "zh-Hans", subject: "您的 BabyNu 營養验证码" });
    expect(hans.text).toContain(`您的验证码是：${hans.code}`);
    expect(hans.text).toContain("10 分钟内有效。如果您没有申请此验证码，请忽略此邮件。");
    expect((await codeMail("code.hans2@example.com", "zh-Hans-CN")).lang).toBe("zh-Hans");
    expect((await codeMail("code.tw@example.com", "zh-TW")).lang).toBe("zh-HK");

    const bad = await s.call("POST", "/api/auth/email/code", {
      body: { email: "code.bad@example.com", flow: "nuform", lang: "<b>" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "lang" });
  });

  it("staff S002's code in the staff page's language", async () => {
    const login = (lang?: string) =>
      s.call("POST", "/api/staff/login", { body: { staff_id: "S002", password: DEMO_PASSWORD, lang } });
    expect((await login("en")).status).toBe(200);
    const [en] = await outbox("staff_id=S002");
    expect(en).toMatchObject({
      kind: "staff-code",
      lang: "en",
      subject: "BabyNu Nutrition staff one-time code",
    });
    expect(en.text).toContain(`The one-time code for staff S002 is: ${en.code}`);
    expect(en.html).toContain(`${en.code}</strong>`);
    expect((await login()).status).toBe(200);
    const [zh] = await outbox("staff_id=S002");
    expect(zh).toMatchObject({ lang: "zh-HK", subject: "BabyNu 營養職員一次性驗證碼" });
    expect(zh.text).toContain(`職員 S002 的一次性驗證碼是：${zh.code}`);
  });
});

describe("the confirmation mail of a new lead", () => {
  it("in the form's language (zh-HK): the page's words, the gift, where, until when, the member page; once per lead", async () => {
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
    expect(mail).toMatchObject({ to: email, kind: "lead-confirmation", code: null, lang: "zh-HK" });
    expect(mail.subject).toBe("BabyNu 營養會員登記確認");
    const lines = mail.text.split("\n");
    expect(lines[0]).toBe("多謝你登記成為 BabyNu 營養會員。");
    expect(lines).toContain(`你的登記編號：${ref}`);
    expect(lines).toContain("可換領：所選營養奶粉試用裝一罐（400 克）（示例）");
    expect(lines).toContain("換領地點：示範品牌各門市會員服務櫃位，及合作夥伴診所接待處（示例）");
    expect(lines).toContain("換領期限：2027年3月7日或之前");
    expect(mail.text).toContain("會員二維碼");
    expect(lines).toContain(`${ORIGIN}/customer/nuForm`);
    expect(mail.text).toMatch(new RegExp(`按此取消（免費）：\\n${ORIGIN}/unsubscribe\\?t=${ref}\\.`));
    // One language: the page's words, none of the old ones, no English half.
    for (const old of ["參考編號", "QR 碼", "English", "Your reference", "/2027"])
      expect(mail.text).not.toContain(old);
    expect(mail.html).toContain('<html lang="zh-HK">');
    expect(mail.html).toContain(`<a href="${ORIGIN}/customer/nuForm">`);
    expect(mail.html).toContain(`${ref}</strong>`);
    expect(mail.html).toContain("2027年3月7日或之前");
    // No personal data beyond the address it goes to: not the name, not the phone.
    for (const part of [mail.text, mail.html, mail.subject]) {
      expect(part).not.toContain("大文");
      expect(part).not.toContain("91234567");
    }

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
    const codes = await outbox(`email=${encodeURIComponent(email)}`);
    expect(codes.map((e) => e.kind)).toEqual(["customer-code"]);
    const logs = s.logs.join("\n");
    expect(logs).not.toContain(email);
    expect(logs).not.toContain(ref);
  });

  it("in English, with the English brand name, and a link back to the allowed page it was sent from", async () => {
    const email = "confirm.en@example.com";
    const page = `${BRAND_PAGE}/join?campaign=spring`;
    const { created } = await newLead(email, { page_url: `${page}#top` }, "en");
    expect(created.status).toBe(200);
    const ref = created.body.Data[0].id;
    // The page is not part of the lead.
    expect(created.body.Data[0]).not.toHaveProperty("page_url");
    const [mail] = await confirmations(email);
    expect(mail).toMatchObject({ lang: "en", subject: "Your BabyNu Nutrition registration is confirmed" });
    const lines = mail.text.split("\n");
    expect(lines[0]).toBe("Thank you for registering as a BabyNu Nutrition member.");
    expect(lines).toContain(`Your registration number: ${ref}`);
    expect(lines).toContain("Redeem for: One 400 g trial tin of the formula you chose (sample)");
    expect(lines).toContain("Redeem by: On or before 7 March 2027");
    expect(lines).toContain(page);
    expect(mail.text).not.toMatch(/營養|reference|#top/);
    expect(mail.html).toContain(`<a href="${page}">`);
  });

  it("a page on an origin the server does not allow is not linked: the forms server's page is; its own pages are", async () => {
    const email = "confirm.foreign@example.com";
    const { created } = await newLead(email, { page_url: "https://evil.example/phish" });
    expect(created.status).toBe(200);
    // Not an http(s) address (a page without one): no link to it, and the lead is made all the same.
    for (const [n, url] of ["about:blank", "not a url", `javascript:alert(1)//${BRAND_PAGE}`].entries())
      expect((await newLead(`confirm.odd${n}@example.com`, { page_url: url })).created.status).toBe(200);
    expect((await confirmations("confirm.odd2@example.com"))[0].text).not.toContain("javascript");
    const [mail] = await confirmations(email);
    expect(mail.text).not.toContain("evil.example");
    expect(mail.html).not.toContain("evil.example");
    expect(mail.text).toContain(`${ORIGIN}/customer/nuForm`);

    // This server's own form page: the flow's start page, not the step the submit was sent from.
    const own = "confirm.own@example.com";
    expect((await newLead(own, { page_url: `${ORIGIN}/customer/nuForm/review` })).created.status).toBe(200);
    expect((await confirmations(own))[0].text.split("\n")).toContain(`${ORIGIN}/customer/nuForm`);
    const demo = "confirm.demo@example.com";
    expect((await newLead(demo, { page_url: `${ORIGIN}/demo/` })).created.status).toBe(200);
    expect((await confirmations(demo))[0].text.split("\n")).toContain(`${ORIGIN}/demo/`);

    const tooLong = await s.call("POST", "/api/lead", {
      token: await customerToken(s, "confirm.long@example.com"),
      body: { ...newLeadBody("confirm.long@example.com"), page_url: `${BRAND_PAGE}/${"a".repeat(8000)}` },
    });
    expect(tooLong.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "page_url" });
  });

  it("in Simplified Chinese (mainland words), composed by the server's mailer", () => {
    const mail = s.deps.mailer.confirmation({
      kind: "lead-confirmation",
      to: "hans@example.com",
      lang: "zh-Hans",
      reference: "NU4K7P2QXM",
      memberUrl: `${ORIGIN}/customer/nuForm`,
      offer: { gift: "试用装一罐", places: "各门店会员服务柜台", lastDay: "2027-03-07" },
      unsubscribeUrl: `${ORIGIN}/unsubscribe?t=x`,
    });
    expect(mail.subject).toBe("BabyNu 營養会员登记确认");
    expect(mail.text.split("\n")).toEqual(
      expect.arrayContaining([
        "感谢您登记成为 BabyNu 營養会员。",
        "您的登记编号：NU4K7P2QXM",
        "兑换期限：2027年3月7日或之前",
      ]),
    );
    expect(mail.text).toContain("二维码");
    expect(mail.text).toContain("用此邮箱");
    expect(mail.html).toContain('<html lang="zh-Hans">');
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
    expect(mail.text).toContain("媽媽會員迎新禮包");
    expect(mail.text).toContain(`${ORIGIN}/customer/recruitmentForm`);
  });

  it("an unknown kind is a validation error naming the field", async () => {
    const res = await s.call("GET", "/api/dev/outbox?email=a@example.com&kind=everything");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("kind");
  });
});
