import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { isComposing } from "../ime.ts";
import { focusFirstInvalid } from "./focus.ts";

export interface StepFormProps {
  name: string;
  /** Classes of the `<form>` (default `nu-form`; a staff panel adds `nu-panel`). */
  className?: string;
  labelledBy?: string;
  /** Runs on submit (button or Enter). Return false when the input is invalid: focus then moves to the first invalid field. */
  onSubmit: () => boolean | undefined | Promise<boolean | undefined>;
  children: ReactNode;
}

/**
 * Every form's one real `<form>` (a flow step, a staff form): native submit (button or Enter), no
 * browser validation bubbles (errors show on the fields), focus on the first invalid field after a
 * refused submit, and no submit while an input method is composing — Enter then picks the Chinese
 * characters. Safari ends composition before the Enter keydown, hence the short window.
 */
export function StepForm({ name, className = "nu-form", labelledBy, onSubmit, children }: StepFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  const composedAt = useRef(0);
  const [invalidTick, setInvalidTick] = useState(0);

  useEffect(() => {
    if (invalidTick > 0) focusFirstInvalid(ref.current);
  }, [invalidTick]);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== "Enter") return;
    if (isComposing(event) || Date.now() - composedAt.current < 100) event.preventDefault();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = await onSubmit();
    if (ok === false) setInvalidTick((n) => n + 1);
  };

  return (
    <form
      ref={ref}
      className={className}
      name={name}
      noValidate
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      onCompositionEnd={() => {
        composedAt.current = Date.now();
      }}
      onSubmit={submit}
    >
      {children}
    </form>
  );
}
