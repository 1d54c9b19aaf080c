import type { ReactNode } from "react";
import { FieldHint, FieldLabel } from "../../widgets/Field.tsx";
import { useIds } from "../ids.ts";

export interface ReadOnlyFieldProps {
  label: string;
  hint?: string;
  /** The value, as text that wraps (an e-mail address as an EmailText). */
  children: ReactNode;
}

/**
 * A value the customer can see but not change (the e-mail address they signed in with): text
 * under its label rather than a read-only input, so a long value wraps instead of being cut off
 * and nothing looks typeable that is not.
 */
export function ReadOnlyField({ label, hint, children }: ReadOnlyFieldProps) {
  const ids = useIds("hint");
  // Read in order: label, hint, value (no control to name, so no aria wiring).
  return (
    <div className="nu-field" part="field">
      <FieldLabel as="span">{label}</FieldLabel>
      {hint ? <FieldHint id={ids.hint}>{hint}</FieldHint> : null}
      <p className="nu-read-only-value">{children}</p>
    </div>
  );
}
