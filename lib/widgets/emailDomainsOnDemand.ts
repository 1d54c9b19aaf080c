import { useCallback, useEffect, useState } from "react";
import { preloadWhenIdle } from "../load/lazy.tsx";

type EmailDomains = typeof import("./emailSuggestions.ts");

/**
 * The domain list behind the e-mail field's suggestions and typo corrections, with the listbox
 * that shows them (emailSuggestions.ts), loaded apart from the field (the sign-in step
 * is usable before they arrive — typing and 發送電郵 need none of it). They start downloading when
 * the browser is idle after the field has rendered, or at once when the customer types first;
 * the suggestions appear as soon as they are there.
 */
let loaded: EmailDomains | null = null;
let loading: Promise<EmailDomains> | null = null;

function loadEmailDomains(): Promise<EmailDomains> {
  loading ??= import("./emailSuggestions.ts").then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null; // offline: the next keystroke asks again
      throw error;
    },
  );
  return loading;
}

/** The list and its listbox once loaded (null before), and `need()` to load them now. */
export function useEmailDomains(): { domains: EmailDomains | null; need: () => void } {
  const [domains, setDomains] = useState(loaded);
  const need = useCallback(() => {
    if (loaded) setDomains(loaded);
    else loadEmailDomains().then(setDomains, () => {});
  }, []);
  useEffect(() => {
    if (domains) return;
    return preloadWhenIdle([{ preload: need }]);
  }, [domains, need]);
  return { domains, need };
}
