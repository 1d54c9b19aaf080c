import { useStore } from "@nanostores/react";
import { useRef, useState } from "react";
import { errorText } from "../../api/errorText.ts";
import type { VerifyResult } from "../../api/index.ts";
import { isEmail } from "../../core/email.ts";
import type { Lang } from "../../core/i18n/index.ts";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { TextField } from "../../ui/form/TextField.tsx";
import { useSubmit } from "../../ui/form/useSubmit.ts";
import type { Translate } from "../../ui/useT.ts";
import { EmailInput, type EmailSendStatus } from "../../widgets/EmailInput.tsx";
import { apiErrorCode } from "./customerSignIn.ts";
import { useFlow } from "./FlowContext.tsx";
import { useDraft } from "./flowDraft.ts";
import { flowSession } from "./flowSession.ts";
import { useCountdown } from "./useCountdown.ts";

const CODE_PATTERN = /^\d{6}$/;
/** A new code may be asked for this long after the last one (a quick second tap sends nothing). */
export const RESEND_AFTER_MS = 60_000;
/** The server's code lifetime (10 minutes): after it, the code field is no use and goes. */
const CODE_LIFETIME_MS = 10 * 60_000;

export interface EmailLoginProps {
  /** Runs after a successful verify; the flow stores the session and moves on. */
  onVerified: (email: string, result: VerifyResult) => Promise<void> | void;
  /** id of the step heading that names the form. */
  labelledBy: string;
}

/** "21 分鐘" / "45 秒" for a Retry-After. */
function waitText(t: Translate, seconds: number): string {
  return seconds >= 60
    ? t("flows.login.wait.minutes", { n: Math.ceil(seconds / 60) })
    : t("flows.login.wait.seconds", { n: seconds });
}

/**
 * What a failed send says, and where: a refusal for too many codes (with how long to wait) or a
 * network failure is a notice about the sending, not about the address; anything else is the
 * address's error.
 */
function sendFailure(error: unknown, t: Translate, lang: Lang): { notice?: string; field?: string } {
  const code = apiErrorCode(error);
  if (code === "RATE_LIMITED") {
    const wait = (error as { retryAfterS?: number }).retryAfterS;
    return {
      notice: wait
        ? t("flows.login.rateLimited", { wait: waitText(t, wait) })
        : t("flows.login.rateLimitedSoon"),
    };
  }
  if (code === "NETWORK" || code === "TIMEOUT") return { notice: t("flows.login.offline") };
  return { field: errorText(lang, error) };
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
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState("");
  const { busy: verifying, run } = useSubmit({
    failureText: (error) => {
      const failure = sendFailure(error, t, lang);
      return failure.notice ?? failure.field ?? "";
    },
    emitError: emit,
  });
  const email = draft.loginEmail.trim();
  const sentAt = draft.codeSent ? draft.codeSentAt : 0;
  const resendIn = useCountdown(sentAt + RESEND_AFTER_MS);
  const codeStage = draft.codeSent && email !== "" && Date.now() - sentAt < CODE_LIFETIME_MS;
  // Taps can come faster than renders: what is in flight and what went out last are refs.
  const inFlight = useRef(false);
  const lastSent = useRef({ to: "", at: 0 });
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
    setEmailError("");
    setNotice("");
    setStatus("sending");
    try {
      await api.requestEmailCode(address, flow);
      const at = Date.now();
      lastSent.current = { to: address, at };
      setDraft({ loginEmail: address, codeSent: true, codeSentAt: at });
      setStatus("sent");
      setCode("");
      setCodeError("");
      return true;
    } catch (error) {
      setStatus("idle");
      const failure = sendFailure(error, t, lang);
      setNotice(failure.notice ?? "");
      setEmailError(failure.field ?? "");
      report(error, failure.notice ?? failure.field ?? "");
      return false;
    } finally {
      inFlight.current = false;
    }
  };

  const verify = async (): Promise<boolean | undefined> => {
    if (verifying) return undefined;
    const typed = code.replace(/\s/g, "");
    if (!CODE_PATTERN.test(typed)) {
      setCodeError(t("flows.login.codeInvalid"));
      return false;
    }
    setCodeError("");
    setNotice("");
    const result = await run(
      async () => {
        await onVerified(email, await api.verifyEmailCode(email, typed, flow));
      },
      {
        onFailure: (message, error) => {
          if (sendFailure(error, t, lang).notice) setNotice(message);
          else setCodeError(message);
        },
      },
    );
    return result.status === "done" ? true : result.status === "failed" ? false : undefined;
  };

  const reasonText =
    signInReason === "expired"
      ? t("flows.login.reason.expired")
      : signInReason === "guard"
        ? t("flows.login.reason.guard")
        : "";

  return (
    <StepForm name="login" labelledBy={labelledBy} onSubmit={() => (codeStage ? verify() : sendCode(email))}>
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
          setDraft({ loginEmail: value, codeSent: draft.codeSent && value.trim() === email });
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
          {t("flows.login.codeSentTo", { email })}
        </p>
      ) : null}
      {codeStage ? (
        <>
          <TextField
            label={t("login.code")}
            hint={t("login.codeHint")}
            name="one-time-code"
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeError("");
            }}
            error={codeError}
            required
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            className="nu-code-input"
          />
          <div className="nu-actions">
            <SubmitButton busy={verifying} busyLabel={t("flows.working")}>
              {t("login.verify")}
            </SubmitButton>
          </div>
        </>
      ) : notice ? null : (
        <p className="nu-hint">{t("flows.login.sendHint")}</p>
      )}
    </StepForm>
  );
}
