import { useEffect, useRef, useState } from "react";
import { codeDigits, normaliseStaffId } from "../core/halfWidth.ts";
import { enStaff } from "../core/i18n/en.staff.ts";
import { messages } from "../core/i18n/index.ts";
import { zhHKStaff } from "../core/i18n/zh-HK.staff.ts";
import { safeRedirectPath } from "../core/redirect.ts";
import { requestKeys } from "../core/requestKey.ts";
import type { StaffRecord } from "../core/types.ts";
import { preloadLaterMessages } from "../load/catalogues.ts";
import { preloadWhenIdle } from "../load/lazy.tsx";
import { removeFlags } from "../state/flags.ts";
import { baseSheet } from "../ui/base.ts";
import { ErrorMessage } from "../ui/form/ErrorMessage.tsx";
import { StepForm } from "../ui/form/StepForm.tsx";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { TextField } from "../ui/form/TextField.tsx";
import { useSubmit } from "../ui/form/useSubmit.ts";
import { useIds } from "../ui/ids.ts";
import { useStyles } from "../ui/styles.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import type { StaffEventDetails, StaffStep } from "./events.ts";
import { StaffTools } from "./StaffTools.tsx";
import { takeSessionEnded } from "./sessionEndedNote.ts";
import {
  $flags,
  afterSignIn,
  isSignedIn,
  STAFF_FIRST_PAGE,
  signOutEverywhere,
  signOutStaff,
  staffLoginOutcome,
  startSession,
  takeSignedOutStaff,
} from "./staffSession.ts";
import { staffSheet } from "./styles.ts";
import { failureText, type StaffApiProps, useStaffApi, useStaffFlags } from "./useStaffApi.ts";

export interface StaffLoginProps extends StaffApiProps {
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

const CODE_PATTERN = /^\d{6}$/;

// The texts this element shows beyond the sign-in texts come with its code in the element bundle
// (build/catalogues.ts), so its first screen does not wait for the other staff tools' texts.
// Elsewhere both are empty, and the catalogues whole.
Object.assign(messages["zh-HK"], zhHKStaff);
Object.assign(messages.en, enStaff);

/** `/staff/result?id=X` → `{ step: 'result', params: { id: 'X' } }`; other paths keep only `path`. */
function stepOfPath(path: string): { step: StaffStep; params?: Record<string, string> } {
  const url = new URL(path, "https://nu-forms.invalid");
  const match = /^\/staff\/([a-z_]+)$/i.exec(url.pathname);
  const step = (match?.[1].toLowerCase() ?? "verification") as StaffStep;
  return { step, params: Object.fromEntries(url.searchParams) };
}

/**
 * Staff sign-in (docs/rules.md#staff): staff id and password, then — when the server asks for it (`S0`) — the
 * 6-digit one-time code. Signed in, it shows the staff tools and a sign-out instead.
 */
export function StaffLogin(props: StaffLoginProps) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, staffSheet);
  const t = useT(props.lang);
  const { client, lang, emit } = useStaffApi(ref, props);
  const flags = useStaffFlags();
  const ids = useIds("title", "codeTitle");

  // The other staff tools wait for the rest of the texts: fetched while the page is idle.
  useEffect(() => preloadWhenIdle([{ preload: preloadLaterMessages }]), []);

  const [stage, setStage] = useState<"password" | "code">("password");
  const [staffId, setStaffId] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  // The password that led to the code step, in memory only while that step shows: a new code is
  // asked for the way the first one was (the password step again), without retyping it.
  const codePassword = useRef("");
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The same code sent again (the first answer was lost) is the same request: the server lets it in.
  const [keyFor] = useState(requestKeys);
  const { busy, failure, setFailure, run } = useSubmit({
    failureText: (error) => failureText(lang, error),
    emitError: emit,
    ownProgress: true,
  });

  useEffect(() => {
    if (stage === "code")
      ref.current?.querySelector<HTMLInputElement>('input[name="one-time-code"]')?.focus();
  }, [stage]);

  // Read once, when the element first shows: the server ended the session while a tool was in use.
  const [ended] = useState(takeSessionEnded);

  if (isSignedIn(flags)) {
    return (
      <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
        {styles}
        <StaffTools
          lang={lang}
          name={flags.STAFF_NAME ?? ""}
          staffId={flags.STAFF_ID ?? ""}
          role={flags.STAFF_ROLE ?? ""}
          client={client}
          onOpen={(step) => emit("nu-step", { step })}
          onSignOut={() => {
            void signOutStaff(client);
            emit("nu-step", { step: "home" });
          }}
          onSignOutEverywhere={async () => {
            try {
              await signOutEverywhere(client);
            } catch (error) {
              const message = failureText(lang, error);
              emit("nu-error", { code: (error as { code?: string }).code ?? "INTERNAL", message });
              return message;
            }
            emit("nu-step", { step: "home" });
            return "";
          }}
        />
      </div>
    );
  }

  const resume = safeRedirectPath(flags.redirect_url) !== null;

  const finish = (record: StaffRecord) => {
    if (staffLoginOutcome(record) !== "ok") {
      setFailure(t("staff.login.emptyToken"));
      emit("nu-error", { code: "EMPTY_TOKEN", message: "Empty token" });
      return;
    }
    startSession(record);
    setPassword("");
    codePassword.current = "";
    setCode("");
    const next = afterSignIn($flags.get(), record.staff_id, takeSignedOutStaff());
    removeFlags(next.remove);
    emit(
      "nu-step",
      next.to === STAFF_FIRST_PAGE ? { step: "verification" } : { ...stepOfPath(next.to), path: next.to },
    );
  };

  const submitPassword = async () => {
    if (busy) return undefined;
    const errors: Record<string, string> = {};
    if (!normaliseStaffId(staffId)) errors.staffId = t("staff.login.staffIdRequired");
    if (!password) errors.password = t("staff.login.passwordRequired");
    setFieldErrors(errors);
    setFailure("");
    if (Object.keys(errors).length > 0) return false;
    const result = await run(() => client.staffLogin(normaliseStaffId(staffId), password));
    if (result.status !== "done") return undefined;
    if (staffLoginOutcome(result.value) === "S0") {
      codePassword.current = password;
      setPassword("");
      setResent(false);
      setStage("code");
    } else {
      finish(result.value);
    }
    return true;
  };

  const submitCode = async () => {
    if (busy) return undefined;
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) {
      setFieldErrors({ code: t("staff.login.codeFormat") });
      return false;
    }
    setFieldErrors({});
    setFailure("");
    const id = normaliseStaffId(staffId);
    const result = await run(() => client.staffOtp(id, value, keyFor(`${id}\n${value}`)), {
      // A wrong code always says the tries left before the lock-out, as the customer's step does.
      failureText: (error) => failureText(lang, error, Number.POSITIVE_INFINITY),
    });
    if (result.status === "done") finish(result.value);
    return undefined;
  };

  const resend = async () => {
    if (busy) return;
    setFieldErrors({});
    setFailure("");
    setResent(false);
    setResending(true);
    const result = await run(() => client.staffLogin(normaliseStaffId(staffId), codePassword.current));
    setResending(false);
    if (result.status !== "done") return;
    if (staffLoginOutcome(result.value) === "S0") {
      setCode("");
      setResent(true);
      ref.current?.querySelector<HTMLInputElement>('input[name="one-time-code"]')?.focus();
    } else finish(result.value);
  };

  if (stage === "code") {
    return (
      <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
        {styles}
        <StepForm
          name="staff-code"
          className="nu-panel nu-form"
          labelledBy={ids.codeTitle}
          onSubmit={submitCode}
        >
          <h2 className="nu-panel-title" id={ids.codeTitle}>
            {t("staff.login.codeTitle")}
          </h2>
          <p className="nu-panel-intro">{t("staff.login.codeIntro", { id: normaliseStaffId(staffId) })}</p>
          <TextField
            label={t("staff.login.code")}
            name="one-time-code"
            value={code}
            onChange={(value) => setCode(codeDigits(value))}
            error={fieldErrors.code}
            required
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            className="nu-ref"
          />
          <p className="nu-status" role="status">
            {resent ? t("staff.login.resent") : ""}
          </p>
          <ErrorMessage message={failure} />
          <div className="nu-actions">
            <SubmitButton
              busy={busy && !resending}
              unavailable={resending}
              busyLabel={t("staff.login.verifying")}
            >
              {t("staff.login.verify")}
            </SubmitButton>
            <SubmitButton
              type="button"
              secondary
              busy={resending}
              unavailable={busy}
              busyLabel={t("staff.login.resending")}
              onPress={() => void resend()}
            >
              {t("staff.login.resend")}
            </SubmitButton>
          </div>
          <div className="nu-actions">
            <button
              type="button"
              className="nu-link-button"
              onClick={() => {
                codePassword.current = "";
                setStage("password");
                setCode("");
                setFieldErrors({});
                setFailure("");
              }}
            >
              {t("staff.login.backToPassword")}
            </button>
          </div>
        </StepForm>
      </div>
    );
  }

  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
      {styles}
      <StepForm
        name="staff-login"
        className="nu-panel nu-form"
        labelledBy={ids.title}
        onSubmit={submitPassword}
      >
        <h2 className="nu-panel-title" id={ids.title}>
          {t("staff.login.title")}
        </h2>
        {ended ? (
          <p className="nu-warning" role="alert">
            {ended === "ended"
              ? t("staff.login.ended")
              : `${t("staff.login.idle")}${resume ? ` ${t("staff.login.resume")}` : ""}`}
          </p>
        ) : resume ? (
          <p className="nu-notice" role="status">
            {t("staff.login.resume")}
          </p>
        ) : null}
        <TextField
          label={t("staff.login.staffId")}
          name="username"
          value={staffId}
          onChange={setStaffId}
          error={fieldErrors.staffId}
          required
          autoComplete="username"
        />
        <TextField
          label={t("staff.login.password")}
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
          required
          autoComplete="current-password"
        />
        <ErrorMessage message={failure} />
        <div className="nu-actions">
          <SubmitButton busy={busy} busyLabel={t("staff.login.signingIn")}>
            {t("staff.login.submit")}
          </SubmitButton>
        </div>
      </StepForm>
    </div>
  );
}
