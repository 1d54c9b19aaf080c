import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { mayHaveBeenDone } from "../../api/errors.ts";
import { isEmail } from "../../core/email.ts";
import { lazyElement, preloadWhenIdle } from "../../load/lazy.tsx";
import { emailSlot, withEmail } from "../../ui/EmailText.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { useCountdown } from "../../ui/useCountdown.ts";
import { EmailInput, type EmailSendStatus } from "../../widgets/EmailInput.tsx";
import { apiErrorCode } from "./customerSignIn.ts";
import { useFlow } from "./FlowContext.tsx";
import { useDraft } from "./flowDraft.ts";
import { flowSession } from "./flowSession.ts";
import { signInFailure } from "./signInFailure.ts";
import type { VerifiedSignIn } from "./verifiedSignIn.ts";

/** The code field and 驗證: loaded when a code goes out (and at idle before), not with the e-mail field. */
export const CodeEntry = lazyElement(() => import("./CodeEntry.tsx").then((m) => m.CodeEntry), "sign-in", {
  reserveSpace: false,
});

/** A new code may be asked for this long after the last one (a quick second tap sends nothing). */
export const RESEND_AFTER_MS = 60_000;
/** The server's code lifetime (10 minutes): after it, the code field is no use and goes. */
const CODE_LIFETIME_MS = 10 * 60_000;

export interface EmailLoginProps {
  /** Runs after a successful verify, once the session is stored; the flow moves on. */
  onVerified: (signIn: VerifiedSignIn) => Promise<void> | void;
  /** id of the step heading that names the form. */
  labelledBy: string;
}

/**
 * Customer sign-in by e-mail: the address (with domain suggestions and typo corrections) and
 * 發送電郵, then the 6-digit code from that e-mail. After a send the button reads 重新發送 with a
 * 60-second countdown, so quick repeated taps cannot use up the hourly allowance. The address
 * typed and the fact that a code was sent survive a reload.
 */
export function EmailLogin({ onVerified, labelledBy }: EmailLoginProps) {
  const { api, flow, t, lang, emit } = useFlow();
  const [draft, setDraft] = useDraft(flow);
  const signInReason = useStore(flowSession(flow)).signInReason;
  const [status, setStatus] = useState<EmailSendStatus>("idle");
  const [emailError, setEmailError] = useState("");
  const [notice, setNotice] = useState("");
  const email = draft.loginEmail.trim();
  const sentAt = draft.codeSent ? draft.codeSentAt : 0;
  const resendIn = useCountdown(sentAt + RESEND_AFTER_MS);
  const codeStage = draft.codeSent && email !== "" && Date.now() - sentAt < CODE_LIFETIME_MS;
  // Taps can come faster than renders: what is in flight and what went out last are refs.
  const inFlight = useRef(false);
  const lastSent = useRef({ to: "", at: 0 });
  const submitCode = useRef<(() => Promise<boolean | undefined>) | null>(null);
  // The code entry: at once when a code is out (a reload in the code stage), else when idle.
  useEffect(() => {
    if (!codeStage) return preloadWhenIdle([CodeEntry]);
    CodeEntry.preload();
  }, [codeStage]);
  if (draft.codeSent && sentAt > lastSent.current.at) lastSent.current = { to: email, at: sentAt };

  const report = (error: unknown, message: string) => {
    emit("nu-error", { code: apiErrorCode(error), message });
  };

  const sendCode = async (address: string): Promise<boolean> => {
    const last = lastSent.current;
    if (inFlight.current || (last.to === address && Date.now() - last.at < RESEND_AFTER_MS)) return false;
    if (!isEmail(address)) {
      setEmailError(t("common.invalidEmail"));
      return false;
    }
    inFlight.current = true;
    const sends = address === email ? (draft.codeSends ?? 0) : 0;
    setEmailError("");
    setNotice("");
    setStatus("sending");
    CodeEntry.preload();
    try {
      await api.requestEmailCode(address, flow);
      const at = Date.now();
      lastSent.current = { to: address, at };
      setDraft({ loginEmail: address, codeSent: true, codeSentAt: at, codeSends: sends + 1 });
      setStatus("sent");
      return true;
    } catch (error) {
      // An e-mail may have gone all the same: it counts towards the sends.
      if (mayHaveBeenDone(error)) setDraft({ loginEmail: address, codeSends: sends + 1 });
      setStatus("idle");
      const failure = signInFailure(error, t, lang);
      setNotice(failure.notice ?? "");
      setEmailError(failure.field ?? "");
      report(error, failure.notice ?? failure.field ?? "");
      return false;
    } finally {
      inFlight.current = false;
    }
  };

  const reasonText =
    signInReason === "expired"
      ? t("flows.login.reason.expired")
      : signInReason === "guard"
        ? t("flows.login.reason.guard")
        : "";

  return (
    <StepForm
      name="login"
      labelledBy={labelledBy}
      onSubmit={() => (codeStage ? submitCode.current?.() : sendCode(email))}
    >
      {reasonText ? (
        <p className="nu-notice nu-notice--reason" role="status" data-testid="sign-in-reason">
          {reasonText}
        </p>
      ) : null}
      <EmailInput
        lang={lang}
        label={t("login.email")}
        value={draft.loginEmail}
        required
        sendButton
        status={status}
        resendIn={codeStage ? resendIn : undefined}
        error={emailError}
        onNuChange={({ value }) => {
          setEmailError("");
          setNotice("");
          setStatus("idle");
          // A code belongs to the address it was sent to.
          const same = value.trim() === email;
          setDraft({
            loginEmail: value,
            codeSent: draft.codeSent && same,
            codeSends: same ? draft.codeSends : 0,
          });
        }}
        onNuSend={({ email: address }) => {
          void sendCode(address);
        }}
      />
      {notice ? (
        <p className="nu-notice nu-notice--warning" role="alert" data-testid="sign-in-notice">
          {notice}
        </p>
      ) : codeStage ? (
        <p className="nu-notice" role="status" data-testid="sign-in-notice">
          {withEmail(
            t((draft.codeSends ?? 0) > 1 ? "flows.login.codeSentAgainTo" : "flows.login.codeSentTo", {
              email: emailSlot,
            }),
            email,
          )}
        </p>
      ) : null}
      {codeStage ? (
        <CodeEntry
          key={sentAt}
          lang={lang}
          email={email}
          onVerified={onVerified}
          onNotice={setNotice}
          submitRef={submitCode}
        />
      ) : notice ? null : (
        <p className="nu-hint">{t("flows.login.sendHint")}</p>
      )}
      <p className="nu-hint">{t("flows.login.privacy")}</p>
    </StepForm>
  );
}
