import { useCallback, useEffect, useState } from "react";
import { preloadWhenIdle } from "../elements/lazy.tsx";

type EmailDomains = typeof import("../core/lists/emailDomains.ts");

/**
 * The domain list behind the e-mail field's suggestions and typo corrections, loaded apart from
 * the field (issue 11: the sign-in step is usable before it arrives — typing and 發送電郵 need
 * none of it). It starts downloading when the browser is idle after the field has rendered, or at
 * once when the customer types first; the suggestions appear as soon as it is there.
 */
let loaded: EmailDomains | null = null;
let loading: Promise<EmailDomains> | null = null;

function loadEmailDomains(): Promise<EmailDomains> {
  loading ??= import("../core/lists/emailDomains.ts").then(
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

/** The list once it is loaded (null before), and `need()` to load it now. */
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
