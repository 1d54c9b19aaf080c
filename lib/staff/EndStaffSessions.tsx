import { useState } from "react";
import type { ApiClient } from "../api/index.ts";
import { normaliseStaffId } from "../core/halfWidth.ts";
import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import { ErrorMessage } from "../ui/form/ErrorMessage.tsx";
import { StepForm } from "../ui/form/StepForm.tsx";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { TextField } from "../ui/form/TextField.tsx";
import { errorCode, useSubmit } from "../ui/form/useSubmit.ts";
import { useIds } from "../ui/ids.ts";
import { failureText } from "./useStaffApi.ts";

/**
 * Admins only (the server checks the role): end every session of another staff member, for a lost
 * device or a leaver (`POST /api/auth/sign-out {staff_id}`).
 */
export function EndStaffSessions({ lang, client }: { lang: Lang; client: Pick<ApiClient, "signOut"> }) {
  const ids = useIds("title");
  const [staffId, setStaffId] = useState("");
  const [fieldError, setFieldError] = useState("");
  const [done, setDone] = useState("");
  // No nu-error: this form lives inside <nu-staff-login>, whose events are about signing in.
  const { busy, failure, setFailure, run } = useSubmit({ failureText: (error) => failureText(lang, error) });

  const submit = async () => {
    if (busy) return undefined;
    const id = normaliseStaffId(staffId);
    setDone("");
    setFailure("");
    setFieldError(id ? "" : t(lang, "staff.login.staffIdRequired"));
    if (!id) return false;
    const unknown = (error: unknown) => errorCode(error) === "NOT_FOUND";
    const result = await run(() => client.signOut({ staff_id: id }), {
      onFailure: (message, error) =>
        unknown(error) ? setFieldError(t(lang, "staff.endSessions.notFound", { id })) : setFailure(message),
    });
    if (result.status === "done") {
      setDone(t(lang, "staff.endSessions.done", { id, count: result.value.ended }));
      setStaffId("");
      return true;
    }
    // An id no staff member has is the field's problem: the focus goes back to it.
    return result.status === "failed" && unknown(result.error) ? false : undefined;
  };

  return (
    <StepForm name="end-staff-sessions" className="nu-panel nu-form" labelledBy={ids.title} onSubmit={submit}>
      <h2 className="nu-panel-title" id={ids.title}>
        {t(lang, "staff.endSessions.title")}
      </h2>
      <p className="nu-muted">{t(lang, "staff.endSessions.intro")}</p>
      <TextField
        label={t(lang, "staff.login.staffId")}
        name="end-staff-id"
        value={staffId}
        onChange={(value) => {
          setStaffId(value);
          setFieldError("");
        }}
        error={fieldError}
        required
        autoComplete="off"
      />
      <ErrorMessage message={failure} />
      <p role="status" className={done ? "nu-notice" : undefined}>
        {done}
      </p>
      <div className="nu-actions">
        <SubmitButton secondary busy={busy}>
          {t(lang, "staff.endSessions.submit")}
        </SubmitButton>
      </div>
    </StepForm>
  );
}
