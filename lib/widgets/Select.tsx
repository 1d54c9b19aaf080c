import { useRef } from "react";
import { selectTexts } from "../core/i18n/widgets/select.ts";
import { baseSheet } from "../ui/base.ts";
import { describedBy, FieldError, FieldLabel } from "../ui/form/Field.tsx";
import { useIds } from "../ui/ids.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { useEmit } from "../ui/useEmit.ts";
import { useHostState } from "../ui/useHostState.ts";
import { useWidgetT } from "../ui/useWidgetT.ts";
import { normaliseOptions, type OptionsInput } from "./options.ts";

/** Props of `<nu-select>`: documented once, in lib/elements/widgets.docs.ts. */
export interface SelectProps {
  label?: string;
  title?: string;
  options?: OptionsInput;
  value?: string;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  autocomplete?: string;
  lang?: string;
  onNuChange?: (detail: { value: string }) => void;
}

// A field like any other (.nu-field: label, 4 px, control), so it lines up beside a text field.
const selectSheet = sheet(`.nu-select { min-width: 0; }`);

/** A single-select dropdown: a native `<select>` with a visible title and the 請選擇 choice. */
export function Select(props: SelectProps) {
  const { options, name, disabled, required, error, autocomplete, lang } = props;
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, selectSheet);
  const t = useWidgetT(lang, selectTexts);
  const emit = useEmit(ref, props);
  const ids = useIds("select", "error");
  const [value, , commit] = useHostState(ref, "value", props.value ?? "");
  const list = normaliseOptions(options);
  const label = props.label ?? props.title;

  return (
    <div ref={ref} className="nu-root nu-select nu-field" part="field">
      {styles}
      <FieldLabel htmlFor={ids.select} required={required}>
        {label}
      </FieldLabel>
      <select
        id={ids.select}
        className="nu-control"
        part="select"
        name={name}
        value={value}
        disabled={disabled}
        required={required}
        autoComplete={autocomplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && ids.error)}
        onChange={(event) => {
          const next = event.currentTarget.value;
          commit(next);
          emit("nu-change", { value: next });
        }}
      >
        <option value="">{props.placeholder || t("widgets.select.placeholder")}</option>
        {list.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
