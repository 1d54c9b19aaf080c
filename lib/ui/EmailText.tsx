import { Fragment } from "react";

/** Where an e-mail address may break: before `@` and before each `.` (never inside a word). */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?=[@.])/);
}

const MARK = "\u0000";

/**
 * A translated text whose `{email}` is given as `emailSlot`, with the address as an EmailText:
 * `t(key, { email: emailSlot })` → `withEmail(that, email)`.
 */
export const emailSlot = MARK;
export function withEmail(text: string, email: string) {
  const [before, after = ""] = text.split(MARK);
  return (
    <>
      {before}
      <EmailText email={email} />
      {after}
    </>
  );
}

/**
 * An e-mail address that wraps at sensible points on a narrow screen (`mother.of.three` / `@example` /
 * `.com.hk`) instead of mid-word; one `<wbr>` between parts, so copying it gives the address intact.
 */
export function EmailText({ email }: { email: string }) {
  const parts = emailBreakParts(email);
  return (
    <span className="nu-email-text">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="nu-email-part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
