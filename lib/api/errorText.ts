import { errorMessage, type Lang } from "../core/i18n/index.ts";
import { isErrorCode } from "./errors.ts";

/**
 * The text of a failed call, for flows, staff tools and widgets alike: the server's own Chinese
 * message (it can be more specific than the code, e.g. how many tries are left), else the
 * catalogue's text for the code in the element's language. A refusal made in the browser with a
 * code of its own (IncompleteError) shows its message; anything else is INTERNAL.
 */
export function errorText(lang: Lang, error: unknown): string {
  const failure = error as { code?: unknown; message?: unknown; field?: unknown } | null | undefined;
  // The API names the field after its message (`此發票號碼已有記錄。（invoice_no）`) for API users; a
  // page shows the message at that field, so people never read the machine name.
  const field = typeof failure?.field === "string" && failure.field ? `（${failure.field}）` : "";
  const raw = typeof failure?.message === "string" ? failure.message : "";
  const message = field && raw.endsWith(field) ? raw.slice(0, -field.length) : raw;
  const code = failure?.code;
  if (typeof code !== "string") return errorMessage(lang, "INTERNAL");
  if (!isErrorCode(code)) return message || errorMessage(lang, "INTERNAL");
  if (lang === "zh-HK" && message) return message;
  return errorMessage(lang, code);
}
