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

/** Edits between two strings (insert, delete, replace, or swap two neighbours: gmial ↔ gmail). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/**
 * The address with its domain corrected when the domain typed is a likely typo of a common one
 * (`abc@gmial.com` → `abc@gmail.com`): one edit away, two for domains of 9+ characters. Null for a
 * listed domain, an unfinished one (a start of a listed domain: the suggestions offer it) or
 * anything further away — a customer's own company domain is left alone.
 */
export function suggestDomainFix(text: string): string | null {
  const value = text.trim();
  const at = value.indexOf("@");
  if (at <= 0 || at !== value.lastIndexOf("@")) return null;
  const typed = value.slice(at + 1).toLowerCase();
  if (!typed.includes(".") || typed.endsWith(".")) return null;
  const known = EMAIL_DOMAINS as readonly string[];
  if (known.some((domain) => domain.startsWith(typed))) return null;
  const allowed = typed.length >= 9 ? 2 : 1;
  let best: { domain: string; distance: number } | null = null;
  for (const domain of known) {
    const distance = editDistance(typed, domain);
    if (distance <= allowed && (!best || distance < best.distance)) best = { domain, distance };
  }
  return best ? `${value.slice(0, at)}@${best.domain}` : null;
}
