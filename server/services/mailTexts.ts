/**
 * What the server's mails say, in the customer's or staff member's language: the language of the
 * form (or staff page) when it sent the request that caused the mail. Each mail is a subject, a
 * plain text and an HTML part made from the same paragraphs. The words are the page's (登記編號,
 * 二維碼, "registration number"; lib/core/i18n), the zh-Hans ones written for mainland readers.
 */
import { escapeHtml } from "../html.ts";

export type MailLang = "zh-HK" | "zh-Hans" | "en";
export const MAIL_LANGS: readonly MailLang[] = ["zh-HK", "zh-Hans", "en"];

/**
 * A language tag as a mail language: zh-CN, zh-SG and zh-Hans* are Simplified Chinese, other zh-*
 * Traditional (Hong Kong), en* English; anything else, or nothing, the default zh-HK.
 */
export function mailLang(tag: string | null | undefined): MailLang {
  const lower = (tag ?? "").trim().toLowerCase();
  if (lower === "en" || lower.startsWith("en-")) return "en";
  if (/^zh-(cn|sg|hans)(-|$)/.test(lower)) return "zh-Hans";
  return "zh-HK";
}

/** The operator's names (server/brand.ts): Chinese, and English for English mail. */
export interface MailBrand {
  name: string;
  nameEn: string;
}

export interface MailParts {
  subject: string;
  text: string;
  html: string;
}

/** What the QR code is redeemed for, where, and the last day (YYYY-MM-DD). */
export interface MailOffer {
  gift: string;
  places: string;
  lastDay: string;
}

const TEXTS = {
  "zh-HK": {
    customerCodeSubject: "你的{brand}驗證碼",
    customerCode: "你的驗證碼是：",
    codeValid: "{minutes} 分鐘內有效。如你沒有要求此驗證碼，請忽略這封電郵。",
    staffCodeSubject: "{brand}職員一次性驗證碼",
    staffCode: "職員 {staffId} 的一次性驗證碼是：",
    staffCodeValid: "{minutes} 分鐘內有效。如不是你本人登入，請通知主管。",
    confirmationSubject: "{brand}會員登記確認",
    thanks: "多謝你登記成為{brand}會員。",
    reference: "你的登記編號：",
    gift: "可換領",
    where: "換領地點",
    until: "換領期限",
    untilDate: "{date}或之前",
    offerUnavailable: "換領詳情請向職員查詢。",
    atCounter: "到換領地點時，請向職員出示你的會員二維碼；如未能掃描，請讀出登記編號。",
    seeAgain: "隨時查看你的會員二維碼：以此電郵地址在以下頁面登入。",
    notYou: "如你沒有登記，請忽略這封電郵。",
    optOut: "不想再收到{brand}的直接促銷資訊？按此取消（免費）：",
  },
  "zh-Hans": {
    customerCodeSubject: "您的{brand}验证码",
    customerCode: "您的验证码是：",
    codeValid: "{minutes} 分钟内有效。如果您没有申请此验证码，请忽略此邮件。",
    staffCodeSubject: "{brand}员工一次性验证码",
    staffCode: "员工 {staffId} 的一次性验证码是：",
    staffCodeValid: "{minutes} 分钟内有效。如果不是您本人登录，请通知主管。",
    confirmationSubject: "{brand}会员登记确认",
    thanks: "感谢您登记成为{brand}会员。",
    reference: "您的登记编号：",
    gift: "可兑换",
    where: "兑换地点",
    until: "兑换期限",
    untilDate: "{date}或之前",
    offerUnavailable: "兑换详情请向工作人员咨询。",
    atCounter: "到兑换地点时，请向工作人员出示您的会员二维码；如果无法扫描，请读出登记编号。",
    seeAgain: "随时查看您的会员二维码：用此邮箱在以下页面登录。",
    notYou: "如果您没有登记，请忽略此邮件。",
    optOut: "不想再收到{brand}的营销信息？点击此处退订（免费）：",
  },
  en: {
    customerCodeSubject: "Your {brand} verification code",
    customerCode: "Your verification code is:",
    codeValid: "It is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail.",
    staffCodeSubject: "{brand} staff one-time code",
    staffCode: "The one-time code for staff {staffId} is:",
    staffCodeValid: "It is valid for {minutes} minutes. If you are not signing in, tell your supervisor.",
    confirmationSubject: "Your {brand} registration is confirmed",
    thanks: "Thank you for registering as a {brand} member.",
    reference: "Your registration number:",
    gift: "Redeem for",
    where: "Where",
    until: "Redeem by",
    untilDate: "On or before {date}",
    offerUnavailable: "Please ask our staff for the redemption details.",
    atCounter:
      "At the counter, show your member QR code; if it cannot be scanned, read out your registration number.",
    seeAgain: "To see your member QR code at any time, sign in with this e-mail address on this page:",
    notYou: "If you did not register, please ignore this e-mail.",
    optOut: "No more direct marketing from {brand}? Opt out here (free of charge):",
  },
} as const satisfies Record<MailLang, Record<string, string>>;

type TextKey = keyof (typeof TEXTS)["en"];

const MONTHS = "January February March April May June July August September October November December";

/** A day as a sentence reads it: 2027年3月7日, 7 March 2027 (never DD/MM/YYYY, ambiguous abroad). */
export function mailDate(ymd: string, lang: MailLang): string {
  const [y, m, d] = ymd.split("-").map(Number);
  return lang === "en" ? `${d} ${MONTHS.split(" ")[m - 1]} ${y}` : `${y}年${m}月${d}日`;
}

/** Ideographs only: no space after Chinese punctuation. */
const CJK = /[\u3400-\u9fff]/;
const LATIN = /[A-Za-z0-9]/;

/** `template` filled; in Chinese a space between the brand and an ideograph where one is Latin. */
function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string, at: number) => {
    const value = String(params[name] ?? "");
    if (name !== "brand" || value === "") return value;
    const before = template[at - 1] ?? "";
    const after = template[at + name.length + 2] ?? "";
    const lead = CJK.test(before) && LATIN.test(value[0]) ? " " : "";
    const tail = CJK.test(after) && LATIN.test(value.at(-1) ?? "") ? " " : "";
    return `${lead}${value}${tail}`;
  });
}

/** One paragraph: a sentence, the code or reference standing out, facts, or a sentence and its link. */
type Paragraph =
  | { text: string }
  | { text: string; strong: string }
  | { facts: [string, string][] }
  | { text: string; link: string };

function asText(paragraphs: Paragraph[], lang: MailLang): string {
  const [colon, space] = lang === "en" ? [": ", " "] : ["：", ""];
  return paragraphs
    .map((p) => {
      if ("facts" in p) return p.facts.map(([name, value]) => `${name}${colon}${value}`).join("\n");
      if ("strong" in p) return `${p.text}${space}${p.strong}`;
      if ("link" in p) return `${p.text}\n${p.link}`;
      return p.text;
    })
    .join("\n\n");
}

function asHtml(paragraphs: Paragraph[], lang: MailLang, brand: string, subject: string): string {
  const e = escapeHtml;
  const body = paragraphs
    .map((p) => {
      if ("facts" in p)
        return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${p.facts
          .map(
            ([name, value]) =>
              `<tr><th scope="row" style="text-align:start;vertical-align:top;padding:4px 16px 4px 0;white-space:nowrap">${e(name)}</th><td style="padding:4px 0">${e(value)}</td></tr>`,
          )
          .join("")}</table>`;
      if ("strong" in p)
        return `<p style="margin:0 0 16px">${e(p.text)}<br><strong style="font-size:24px;letter-spacing:2px">${e(p.strong)}</strong></p>`;
      if ("link" in p)
        return `<p style="margin:0 0 16px">${e(p.text)}<br><a href="${e(p.link)}">${e(p.link)}</a></p>`;
      return `<p style="margin:0 0 16px">${e(p.text)}</p>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">
<div style="max-width:560px">
<p style="margin:0 0 24px;font-weight:bold">${e(brand)}</p>
${body}
</div></body></html>`;
}

/** The operator's name in `lang`: the English one in English, the Chinese one otherwise. */
export const brandIn = (brand: MailBrand, lang: MailLang): string =>
  (lang === "en" && brand.nameEn) || brand.name;

function mail(lang: MailLang, brand: MailBrand, subjectKey: TextKey, paragraphs: Paragraph[]): MailParts {
  const name = brandIn(brand, lang);
  const subject = fill(TEXTS[lang][subjectKey], { brand: name });
  return { subject, text: asText(paragraphs, lang), html: asHtml(paragraphs, lang, name, subject) };
}

export function codeMailParts(
  kind: "customer-code" | "staff-code",
  lang: MailLang,
  brand: MailBrand,
  params: { code: string; minutes: number; staffId: string },
): MailParts {
  const t = TEXTS[lang];
  const staff = kind === "staff-code";
  return mail(lang, brand, staff ? "staffCodeSubject" : "customerCodeSubject", [
    { text: fill(staff ? t.staffCode : t.customerCode, params), strong: params.code },
    { text: fill(staff ? t.staffCodeValid : t.codeValid, params) },
  ]);
}

export function confirmationMailParts(
  lang: MailLang,
  brand: MailBrand,
  params: { reference: string; link: string; unsubscribe: string; offer: MailOffer | null },
): MailParts {
  const t = TEXTS[lang];
  const name = brandIn(brand, lang);
  const { offer } = params;
  const until = offer ? fill(t.untilDate, { date: mailDate(offer.lastDay, lang) }) : "";
  return mail(lang, brand, "confirmationSubject", [
    { text: fill(t.thanks, { brand: name }) },
    { text: t.reference, strong: params.reference },
    offer
      ? {
          facts: [
            [t.gift, offer.gift],
            [t.where, offer.places],
            [t.until, until],
          ],
        }
      : { text: t.offerUnavailable },
    { text: t.atCounter },
    { text: t.seeAgain, link: params.link },
    { text: t.notYou },
    { text: fill(t.optOut, { brand: name }), link: params.unsubscribe },
  ]);
}

/** The subject of a kind in zh-HK: for a row queued before subjects were stored. */
export function defaultSubject(kind: "customer-code" | "staff-code" | "lead-confirmation", brand: MailBrand) {
  const key: TextKey =
    kind === "lead-confirmation"
      ? "confirmationSubject"
      : kind === "staff-code"
        ? "staffCodeSubject"
        : "customerCodeSubject";
  return fill(TEXTS["zh-HK"][key], { brand: brand.name });
}
