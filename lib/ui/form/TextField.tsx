import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from "react";
import { useIds } from "../ids.ts";
import { describedBy, FieldError, FieldHint, FieldLabel } from "./Field.tsx";

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  readOnly?: boolean;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: "text" | "numeric" | "decimal" | "tel" | "email";
  maxLength?: number;
  className?: string;
  pattern?: string;
}

/** A labelled text input with its hint and error line, wired for assistive technology. */
export function TextField(props: TextFieldProps) {
  const { label, name, value, onChange, error, hint, required, readOnly, type = "text" } = props;
  const ids = useIds("input", "hint", "error");
  return (
    <div className="nu-field" part="field">
      <FieldLabel htmlFor={ids.input} required={required}>
        {label}
      </FieldLabel>
      {hint ? <FieldHint id={ids.hint}>{hint}</FieldHint> : null}
      <input
        id={ids.input}
        className={props.className ? `nu-control ${props.className}` : "nu-control"}
        part="input"
        type={type}
        name={name}
        value={value}
        required={required}
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        pattern={props.pattern}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && ids.hint, error && ids.error)}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
