import { type RefObject, useState } from "react";
import { ApiError } from "../../api/errors.ts";
import { halfWidth } from "../../core/halfWidth.ts";
import { requestKeys } from "../../core/requestKey.ts";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { TextField } from "../../ui/form/TextField.tsx";
import { useSubmit } from "../../ui/form/useSubmit.ts";
import { apiErrorCode } from "./customerSignIn.ts";
import { useFlow } from "./FlowContext.tsx";
import { signInFailure } from "./signInFailure.ts";
import { completeSignIn, type VerifiedSignIn } from "./verifiedSignIn.ts";

const CODE_PATTERN = /^\d{6}$/;

/** The server's count of wrong tries left (`Data: [{ tries_left }]`), when it sent one. */
function triesLeft(error: unknown): number | undefined {
  const data = error instanceof ApiError ? error.data[0] : undefined;
  const left = (data as { tries_left?: unknown } | undefined)?.tries_left;
  return typeof left === "number" ? left : undefined;
}

export interface CodeEntryProps {
  /** The element's language (for the 重試 its loader shows if the chunk fails). */
  lang: string;
  /** The address the code went to. */
  email: string;
  /** Runs once the session is stored (verifiedSignIn.ts); the flow moves on. */
  onVerified: (signIn: VerifiedSignIn) => Promise<void> | void;
  /** Shows (or, with "", clears) the sign-in notice above the code field. */
  onNotice: (text: string) => void;
  /** The sign-in form's submit calls this while the code field shows (EmailLogin.tsx). */
  submitRef: RefObject<(() => Promise<boolean | undefined>) | null>;
}

/**
 * The 6-digit code from the e-mail and 驗證. A chunk of its own (EmailLogin.tsx loads it when a
 * code has gone out, and at idle before): the e-mail field does not wait for it.
 */
export function CodeEntry({ email, onVerified, onNotice, submitRef }: CodeEntryProps) {
  const { api, flow, t, lang, emit } = useFlow();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState("");
  // The same code sent again (the first answer was lost) is the same request: the server lets it in.
  const [keyFor] = useState(requestKeys);
  const { busy: verifying, run } = useSubmit({
    failureText: (error) => {
      // A wrong code says what to do next and how many tries are left, not only that it is wrong.
      if (apiErrorCode(error) === "CODE_INVALID") {
        const left = triesLeft(error);
        return left === undefined
          ? t("flows.login.wrongCode")
          : t("flows.login.wrongCodeTriesLeft", { n: left });
      }
      const failure = signInFailure(error, t, lang);
      return failure.notice ?? failure.field ?? "";
    },
    emitError: emit,
    // The button says 驗證中…: no full-screen overlay on top of it (one spinner at a time).
    ownProgress: true,
  });

  const verify = async (): Promise<boolean | undefined> => {
    if (verifying) return undefined;
    const typed = halfWidth(code).replace(/\s/g, "");
    if (!CODE_PATTERN.test(typed)) {
      setCodeError(t("flows.login.codeInvalid"));
      return false;
    }
    setCodeError("");
    onNotice("");
    const result = await run(
      async () => {
        const result = await api.verifyEmailCode(email, typed, flow, keyFor(`${flow}\n${email}\n${typed}`));
        await onVerified(await completeSignIn(api, flow, email, result));
      },
      {
        onFailure: (message, error) => {
          if (signInFailure(error, t, lang).notice) onNotice(message);
          else setCodeError(message);
        },
      },
    );
    return result.status === "done" ? true : result.status === "failed" ? false : undefined;
  };
  submitRef.current = verify;

  return (
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
        <SubmitButton busy={verifying} busyLabel={t("login.verifying")}>
          {t("login.verify")}
        </SubmitButton>
      </div>
    </>
  );
}
