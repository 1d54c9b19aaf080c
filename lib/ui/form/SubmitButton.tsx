import type { ReactNode } from "react";

export interface SubmitButtonProps {
  /** The label; `busyLabel` replaces it while `busy`. */
  children: ReactNode;
  busy?: boolean;
  busyLabel?: ReactNode;
  /** Refuses presses without being busy (nothing to submit yet, a countdown running). */
  unavailable?: boolean;
  /** Really disabled: the whole control is (a widget's own `disabled`), not merely busy. */
  disabled?: boolean;
  /** `submit` (default) submits its form; `button` runs `onPress`. */
  type?: "submit" | "button";
  onPress?: () => void;
  secondary?: boolean;
  part?: string;
  describedBy?: string;
}

/**
 * The one busy-button convention: while busy (or unavailable) the button is `aria-disabled`, not
 * `disabled`, and refuses presses itself. A disabled button would drop the keyboard focus to the
 * page and hide from screen readers the label that says what is happening; an aria-disabled one
 * keeps both. A submit button's press is refused here, and `useSubmit` refuses a second run too.
 */
export function SubmitButton(props: SubmitButtonProps) {
  const { busy = false, unavailable = false, type = "submit" } = props;
  const refused = busy || unavailable;
  return (
    <button
      type={type}
      className={props.secondary ? "nu-button nu-button--secondary" : "nu-button"}
      part={props.part}
      disabled={props.disabled}
      aria-disabled={refused || undefined}
      aria-busy={busy || undefined}
      aria-describedby={props.describedBy}
      onClick={(event) => {
        if (refused) event.preventDefault();
        else props.onPress?.();
      }}
    >
      {busy && props.busyLabel !== undefined ? props.busyLabel : props.children}
    </button>
  );
}
