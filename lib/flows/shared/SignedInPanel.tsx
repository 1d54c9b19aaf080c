import { useStore } from "@nanostores/react";
import { type ReactNode, useEffect, useRef } from "react";
import { emailSlot, withEmail } from "../../ui/EmailText.tsx";
import { useIds } from "../../ui/ids.ts";
import { endCustomerSession } from "./customerSignIn.ts";
import { useFlow } from "./FlowContext.tsx";
import { flowSession } from "./flowSession.ts";

/**
 * The entry page once signed in: who is signed in, a way to use another e-mail, and what comes
 * next (the flow's own content). Focus lands on it right after a verify.
 */
export function SignedInPanel({ children, focusOnMount }: { children: ReactNode; focusOnMount: boolean }) {
  const { flow, t, api } = useFlow();
  const email = useStore(flowSession(flow)).email ?? "";
  const ids = useIds("who");
  const who = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    // The whole step in view from its progress line (the page's scroll-padding keeps it clear of a
    // sticky header), not just the focused line, which the browser would scroll to the edge.
    who.current?.focus({ preventScroll: true });
    who.current?.closest(".nu-flow")?.scrollIntoView({ block: "start" });
  }, [focusOnMount]);
  return (
    <>
      <div className="nu-notice">
        <p ref={who} id={ids.who} tabIndex={-1}>
          {/* A page that signed the customer in through the flags alone has no e-mail to name. */}
          {email
            ? withEmail(t("flows.login.signedInAs", { email: emailSlot }), email)
            : t("flows.login.signedIn")}
        </p>
        <button type="button" className="nu-link-button" onClick={() => endCustomerSession(flow, api)}>
          {t("flows.login.switchEmail")}
        </button>
      </div>
      {children}
    </>
  );
}
