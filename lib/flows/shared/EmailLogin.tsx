import { useState } from "react";
import type { VerifyResult } from "../../api/index.ts";
import { isEmail } from "../../core/email.ts";
import { EmailInput, type EmailSendStatus } from "../../widgets/EmailInput.tsx";
import { apiErrorCode, apiErrorText } from "./customerSession.ts";
import { useDraft } from "./draft.ts";
import { useFlow } from "./FlowContext.tsx";
import { StepForm } from "./StepForm.tsx";
import { TextField } from "./TextField.tsx";

const CODE_PATTERN = /^\d{6}$/;

export interface EmailLoginProps {
  /** Runs after a successful verify; the flow stores the session and moves on. */
  onVerified: (email: string, result: VerifyResult) => Promise<void> | void;
  /** id of the step heading that names the form. */
  labelledBy: string;
}

/**
 * Customer sign-in by e-mail: the address (with domain suggestions) and 發送電郵, then the 6-digit
 * code from that e-mail. The address typed and the fact that a code was sent survive a reload.
 */
export function EmailLogin({ onVerified, labelledBy }: EmailLoginProps) {
  const { api, flow, t, lang, emit } = useFlow();
  const [draft, setDraft] = useDraft(flow);
  const [status, setStatus] = useState<EmailSendStatus>("idle");
  const [emailError, setEmailError] = useState("");
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState("");
  const [verifying, setVerifying] = useState(false);
  const email = draft.loginEmail.trim();
  const codeStage = draft.codeSent && email !== "";

  const report = (error: unknown) => {
    const message = apiErrorText(error, lang);
    emit("nu-error", { code: apiErrorCode(error), message });
    return message;
  };

  const sendCode = async (address: string): Promise<boolean> => {
    if (!isEmail(address)) {
      setEmailError(t("common.invalidEmail"));
      return false;
    }
    setEmailError("");
    setStatus("sending");
    try {
      await api.requestEmailCode(address, flow);
      setDraft({ loginEmail: address, codeSent: true });
      setStatus("sent");
      setCode("");
      setCodeError("");
      return true;
    } catch (error) {
      setStatus("idle");
      setEmailError(report(error));
      return false;
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
    setVerifying(true);
    try {
      const result = await api.verifyEmailCode(email, typed, flow);
      await onVerified(email, result);
      return true;
    } catch (error) {
      setCodeError(report(error));
      return false;
    } finally {
      setVerifying(false);
    }
  };

  return (
    <StepForm name="login" labelledBy={labelledBy} onSubmit={() => (codeStage ? verify() : sendCode(email))}>
      <EmailInput
        lang={lang}
        label={t("login.email")}
        value={draft.loginEmail}
        required
        sendButton
        status={status}
        error={emailError}
        onNuChange={({ value }) => {
          setEmailError("");
          setStatus("idle");
          // A code belongs to the address it was sent to.
          setDraft({ loginEmail: value, codeSent: draft.codeSent && value.trim() === email });
        }}
        onNuSend={({ email: address }) => {
          void sendCode(address);
        }}
      />
      {codeStage ? (
        <>
          <p className="nu-notice" role="status">
            {t("flows.login.codeSentTo", { email })}
          </p>
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
            <button type="submit" className="nu-button" aria-disabled={verifying || undefined}>
              {verifying ? t("flows.working") : t("login.verify")}
            </button>
          </div>
        </>
      ) : (
        <p className="nu-hint">{t("flows.login.sendHint")}</p>
      )}
    </StepForm>
  );
}
