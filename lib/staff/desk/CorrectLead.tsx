import { useState } from "react";
import type { Lead, LeadPatch } from "../../core/types.ts";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { TextField } from "../../ui/form/TextField.tsx";
import type { DeskContext } from "./deskParts.tsx";

const FIELDS = ["last_name", "first_name", "phone_code", "phone"] as const;
type Field = (typeof FIELDS)[number];
const LABELS = {
  last_name: "desk.correct.lastName",
  first_name: "desk.correct.firstName",
  phone_code: "desk.correct.phoneCode",
  phone: "desk.correct.phone",
} as const;

/**
 * An admin corrects a lead's personal fields (`PATCH /api/lead` with the admin token): only the
 * fields changed are sent; the server records who, when and which, and says which field it refuses.
 */
export function CorrectLead(props: {
  ctx: DeskContext;
  lead: Lead;
  patchLead: (patch: LeadPatch) => Promise<Lead>;
  onSaved: () => void;
}) {
  const { ctx, lead } = props;
  const { t } = ctx;
  const original = Object.fromEntries(FIELDS.map((f) => [f, String(lead[f] ?? "")])) as Record<Field, string>;
  const [values, setValues] = useState(original);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState("");
  const [failure, setFailure] = useState("");
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);

  const submit = async () => {
    if (busy) return undefined;
    const changed: Partial<Record<Field, string>> = Object.fromEntries(
      FIELDS.filter((f) => values[f].trim() !== original[f]).map((f) => [f, values[f].trim()]),
    );
    setDone("");
    setFailure("");
    setFieldError(null);
    if (Object.keys(changed).length === 0) {
      setDone(t("desk.correct.nothing"));
      return true;
    }
    // The phone is judged with its code: both go when either changes.
    if ("phone" in changed || "phone_code" in changed) {
      changed.phone = values.phone.trim();
      changed.phone_code = values.phone_code.trim();
    }
    setBusy(true);
    try {
      await props.patchLead({ id: lead.id, ...changed });
      setDone(t("desk.correct.saved"));
      props.onSaved();
      return true;
    } catch (error) {
      const message = ctx.failure(error);
      const field = (error as { field?: string }).field;
      if (field && (FIELDS as readonly string[]).includes(field)) {
        setFieldError({ field, message });
        return false;
      }
      setFailure(message);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepForm
      name="desk-correct"
      className="nu-panel nu-form"
      labelledBy="desk-correct-title"
      onSubmit={submit}
    >
      <h2 className="nu-panel-title" id="desk-correct-title">
        {t("desk.correct.title")}
      </h2>
      <p className="nu-muted">{t("desk.correct.intro")}</p>
      <div className="nu-desk-filters">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(LABELS[field])}
            name={`correct-${field}`}
            value={values[field]}
            inputMode={field.startsWith("phone") ? "tel" : undefined}
            autoComplete="off"
            error={fieldError?.field === field ? fieldError.message : undefined}
            onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
          />
        ))}
      </div>
      <p className="nu-status nu-notice" role="status">
        {done}
      </p>
      <ErrorMessage message={failure} />
      <div className="nu-actions">
        <SubmitButton busy={busy}>{t("desk.correct.save")}</SubmitButton>
      </div>
    </StepForm>
  );
}
