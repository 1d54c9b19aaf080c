import { type RefObject, useState } from "react";
import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import { describedBy, FieldError, FieldHint, FieldLabel } from "../ui/form/Field.tsx";
import { StepForm } from "../ui/form/StepForm.tsx";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { useIds } from "../ui/ids.ts";
import { useOwnProgress } from "../ui/useOwnProgress.ts";
import { leadRefFrom } from "./leadRefInput.ts";

/**
 * The typed way to find a customer: the lead reference printed under the customer's QR code.
 * `onFind` gets the canonical reference; a malformed one is refused here with a message.
 */
export function LeadRefForm(props: {
  lang: Lang;
  busy: boolean;
  /** An error from the lookup (not found …), shown under the field. */
  error: string;
  onFind: (ref: string) => void;
  /** The reference to start from (one that was not found, to be corrected). */
  initial?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  titleId?: string;
}) {
  const { lang, busy } = props;
  useOwnProgress(busy);
  const ids = useIds("input", "hint", "error");
  const [text, setText] = useState(props.initial ?? "");
  const [formatError, setFormatError] = useState("");
  const error = formatError || props.error;

  const submit = () => {
    if (busy) return undefined;
    const ref = leadRefFrom(text);
    if (!ref) {
      setFormatError(text.trim() ? t(lang, "staff.lead.refFormat") : t(lang, "staff.lead.refRequired"));
      return false;
    }
    setFormatError("");
    setText(ref);
    props.onFind(ref);
    return true;
  };

  return (
    <StepForm name="lead-ref" labelledBy={props.titleId} onSubmit={submit}>
      <div className="nu-row">
        <div className="nu-field">
          <FieldLabel htmlFor={ids.input} required>
            {t(lang, "staff.lead.ref")}
          </FieldLabel>
          <FieldHint id={ids.hint}>{t(lang, "staff.lead.refHint")}</FieldHint>
          <input
            ref={props.inputRef}
            id={ids.input}
            className="nu-control nu-ref"
            part="input"
            name="lead-ref"
            value={text}
            required
            autoComplete="off"
            autoCapitalize="characters"
            // The string, not {false}: Preact removes an attribute given false (React writes "false").
            spellCheck="false"
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(ids.hint, error && ids.error)}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setFormatError("");
            }}
          />
        </div>
        <SubmitButton busy={busy} busyLabel={t(lang, "staff.lead.finding")}>
          {t(lang, "staff.lead.find")}
        </SubmitButton>
      </div>
      <FieldError id={ids.error} message={error} />
    </StepForm>
  );
}
