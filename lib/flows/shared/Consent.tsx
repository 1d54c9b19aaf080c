import type { ReactNode } from "react";
import { describedBy, FieldError } from "../../ui/form/Field.tsx";
import { useIds } from "../../ui/ids.ts";

export interface ConsentProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  /** Required consents carry a mark; optional ones say so (（選填）, " (optional)"). */
  required?: boolean;
  optionalText?: string;
  error?: string;
}

/** One consent: a real checkbox whose label is the whole statement, with its error line. */
export function Consent({ name, checked, onChange, children, required, optionalText, error }: ConsentProps) {
  const ids = useIds("box", "error");
  return (
    <div className="nu-field">
      <label className="nu-check" htmlFor={ids.box} part="consent">
        <input
          id={ids.box}
          type="checkbox"
          name={name}
          checked={checked}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && ids.error)}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span>
          {children}
          {required ? (
            <span className="nu-required" aria-hidden="true">
              *
            </span>
          ) : null}
          {optionalText ? <span className="nu-check-optional">{optionalText}</span> : null}
        </span>
      </label>
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
