/**
 * The 15 e-mail domains Hong Kong customers use most, most common first (the order of the
 * suggestions): the global webmail services, their Hong Kong editions, PCCW's netvigator, and the
 * mainland services used by mainland-born parents.
 */
export const EMAIL_DOMAINS = [
  "gmail.com",
  "yahoo.com.hk",
  "hotmail.com",
  "yahoo.com",
  "outlook.com",
  "icloud.com",
  "hotmail.com.hk",
  "netvigator.com",
  "live.com",
  "me.com",
  "msn.com",
  "qq.com",
  "163.com",
  "126.com",
  "sina.com",
] as const;

/**
 * Full addresses to offer while the user types an e-mail: `abc@g` → `abc@gmail.com`. Nothing before
 * an `@` is typed, with an empty local part, or once the domain typed is exactly one of the list.
 */
export function suggestEmails(text: string): string[] {
  const value = text.trim();
  const at = value.indexOf("@");
  if (at <= 0 || at !== value.lastIndexOf("@")) return [];
  const local = value.slice(0, at);
  const typed = value.slice(at + 1).toLowerCase();
  if ((EMAIL_DOMAINS as readonly string[]).includes(typed)) return [];
  return EMAIL_DOMAINS.filter((domain) => domain.startsWith(typed)).map((domain) => `${local}@${domain}`);
}
