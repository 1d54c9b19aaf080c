import { type FormEvent, useState } from "react";
import type { ApiClient } from "../api/index.ts";
import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import { TextField } from "../ui/form/TextField.tsx";
import { useIds } from "../ui/ids.ts";
import { ErrorMessage } from "../widgets/ErrorMessage.tsx";
import { failureText } from "./useStaffApi.ts";

/**
 * Admins only (the server checks the role): end every session of another staff member, for a lost
 * device or a leaver (`POST /api/auth/sign-out {staff_id}`).
 */
export function EndStaffSessions({ lang, client }: { lang: Lang; client: Pick<ApiClient, "signOut"> }) {
  const ids = useIds("title");
  const [staffId, setStaffId] = useState("");
  const [fieldError, setFieldError] = useState("");
  const [failure, setFailure] = useState("");
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const id = staffId.trim().toUpperCase();
    setDone("");
    setFailure("");
    setFieldError(id ? "" : t(lang, "staff.login.staffIdRequired"));
    if (!id) return;
    setBusy(true);
    try {
      const { ended } = await client.signOut({ staff_id: id });
      setDone(t(lang, "staff.endSessions.done", { id, count: ended }));
      setStaffId("");
    } catch (error) {
      setFailure(failureText(lang, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="nu-panel nu-form" noValidate aria-labelledby={ids.title} onSubmit={submit}>
      <h2 className="nu-panel-title" id={ids.title}>
        {t(lang, "staff.endSessions.title")}
      </h2>
      <p className="nu-muted">{t(lang, "staff.endSessions.intro")}</p>
      <TextField
        label={t(lang, "staff.login.staffId")}
        name="end-staff-id"
        value={staffId}
        onChange={setStaffId}
        error={fieldError}
        required
        autoComplete="off"
      />
      <ErrorMessage message={failure} />
      <p role="status" className={done ? "nu-notice" : undefined}>
        {done}
      </p>
      <div className="nu-actions">
        <button
          type="submit"
          className="nu-button nu-button--secondary"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {t(lang, "staff.endSessions.submit")}
        </button>
      </div>
    </form>
  );
}
