import { useRef } from "react";
import { baseSheet } from "../ui/base.ts";
import { describedBy, FieldError, FieldLabel } from "../ui/form/Field.tsx";
import { useIds } from "../ui/ids.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { focusRing, space, token } from "../ui/theme.ts";
import { useEmit } from "../ui/useEmit.ts";
import { useHostState } from "../ui/useHostState.ts";
import { normaliseOptions, type OptionsInput } from "./options.ts";

/** Props of `<nu-radio-group>`: documented once, in lib/elements/widgets.docs.ts. */
export interface RadioGroupProps {
  label?: string;
  options?: OptionsInput;
  value?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  layout?: "row" | "column";
  lang?: string;
  onNuChange?: (detail: { value: string }) => void;
}

const radioSheet = sheet(`
.nu-radio-options { display: flex; flex-direction: column; gap: ${space(1)}; }
@media (min-width: 600px) {
  .nu-radio-group[data-layout="row"] .nu-radio-options { flex-direction: row; flex-wrap: wrap; }
  .nu-radio-group[data-layout="row"] .nu-radio { flex: 1 1 10em; }
}
.nu-radio {
  display: flex;
  align-items: center;
  gap: ${space(1.5)};
  min-height: 48px;
  padding: ${space(1)} ${space(1.5)};
  border: 1px solid ${token("color-border")};
  border-radius: ${token("radius")};
  background: ${token("color-surface")};
  cursor: pointer;
}
.nu-radio:has(input:checked) {
  border-color: ${token("color-primary")};
  box-shadow: inset 0 0 0 1px ${token("color-primary")};
}
.nu-radio:has(input:focus-visible) { ${focusRing} border-color: ${token("color-primary")}; }
.nu-radio:has(input:disabled) { background: ${token("color-background")}; color: ${token("color-muted")}; cursor: not-allowed; }
.nu-radio input {
  flex: none;
  width: 1.25em;
  height: 1.25em;
  margin: 0;
  accent-color: ${token("color-primary")};
  outline: none;
}
.nu-radio-group[aria-invalid="true"] .nu-radio { border-color: ${token("color-error")}; }
`);

/**
 * A real radio group: native radios sharing a name, so the arrow keys move the choice and the group
 * is one tab stop, in a `radiogroup` named by its visible title.
 */
export function RadioGroup(props: RadioGroupProps) {
  const { label, options, disabled, required, error, layout = "column" } = props;
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, radioSheet);
  const emit = useEmit(ref, props);
  const ids = useIds("legend", "error", "radio");
  const name = props.name || ids.radio;
  const [value, , commit] = useHostState(ref, "value", props.value ?? "");
  const list = normaliseOptions(options);

  return (
    <div
      ref={ref}
      className="nu-root nu-radio-group nu-field"
      part="field radio-group"
      role="radiogroup"
      aria-labelledby={label ? ids.legend : undefined}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(error && ids.error)}
      data-layout={layout}
    >
      {styles}
      {label ? (
        <FieldLabel as="span" id={ids.legend} required={required}>
          {label}
        </FieldLabel>
      ) : null}
      <div className="nu-radio-options">
        {list.map((option) => (
          <label key={option.value} className="nu-radio" part="radio">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={disabled || option.disabled}
              required={required}
              onChange={() => {
                commit(option.value);
                emit("nu-change", { value: option.value });
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
