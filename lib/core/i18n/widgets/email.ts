import { bilingual } from "../translate.ts";

/** The texts of `<EmailInput>` (lib/widgets/EmailInput.tsx), which the flows' sign-in step shows too. */
export const emailTexts = bilingual({
  "zh-HK": {
    "widgets.email.label": "電郵地址",
    "widgets.email.invalid": "請輸入有效的電郵地址",
    "widgets.email.send": "發送電郵",
    "widgets.email.sending": "發送中…",
    "widgets.email.sent": "已發送",
    "widgets.email.sendFailed": "發送失敗，請稍後再試",
    "widgets.email.suggestions": "電郵地址建議",
    "widgets.email.resend": "重新發送",
    "widgets.email.resendIn": "重新發送（{seconds} 秒）",
    "widgets.email.typo": "你是否想輸入 {email}？",
    "widgets.email.typoFix": "改用 {email}",
  },
  "zh-Hans": {
    "widgets.email.label": "邮箱地址",
    "widgets.email.invalid": "请输入有效的邮箱地址",
    "widgets.email.send": "获取验证码",
    "widgets.email.sending": "发送中…",
    "widgets.email.sent": "已发送",
    "widgets.email.sendFailed": "发送失败，请稍后再试",
    "widgets.email.suggestions": "邮箱地址建议",
    "widgets.email.resend": "重新发送",
    "widgets.email.resendIn": "重新发送（{seconds} 秒）",
    "widgets.email.typo": "您是否想输入 {email}？",
    "widgets.email.typoFix": "改用 {email}",
  },
  en: {
    "widgets.email.label": "E-mail address",
    "widgets.email.invalid": "Please enter a valid e-mail address",
    "widgets.email.send": "Send e-mail",
    "widgets.email.sending": "Sending…",
    "widgets.email.sent": "Sent",
    "widgets.email.sendFailed": "Sending failed. Please try again later",
    "widgets.email.suggestions": "E-mail suggestions",
    "widgets.email.resend": "Resend",
    "widgets.email.resendIn": "Resend ({seconds} s)",
    "widgets.email.typo": "Did you mean {email}?",
    "widgets.email.typoFix": "Use {email}",
  },
});
