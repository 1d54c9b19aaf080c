import { errorText } from "../../api/errorText.ts";
import type { Lang } from "../../core/i18n/index.ts";
import type { Translate } from "../../ui/useT.ts";
import { apiErrorCode } from "./customerSignIn.ts";

/** "21 分鐘" / "45 秒" for a Retry-After. */
function waitText(t: Translate, seconds: number): string {
  return seconds >= 60
    ? t("flows.login.wait.minutes", { n: Math.ceil(seconds / 60) })
    : t("flows.login.wait.seconds", { n: seconds });
}

/**
 * What a failed send or verify says, and where: a refusal for too many codes or too many wrong
 * codes (with how long to wait: the server refuses any code from here until then) or a network
 * failure is a notice about the sign-in, not about the field; anything else is the field's error.
 */
export function signInFailure(error: unknown, t: Translate, lang: Lang): { notice?: string; field?: string } {
  const code = apiErrorCode(error);
  if (code === "RATE_LIMITED") {
    const wait = (error as { retryAfterS?: number }).retryAfterS;
    return {
      notice: wait
        ? t("flows.login.rateLimited", { wait: waitText(t, wait) })
        : t("flows.login.rateLimitedSoon"),
    };
  }
  if (code === "CODE_TOO_MANY_ATTEMPTS") {
    const wait = (error as { retryAfterS?: number }).retryAfterS;
    if (wait) return { notice: t("flows.login.tooManyTries", { wait: waitText(t, wait) }) };
  }
  if (code === "NETWORK" || code === "TIMEOUT") return { notice: t("flows.login.offline") };
  return { field: errorText(lang, error) };
}
