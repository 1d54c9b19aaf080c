import { useRef } from "react";
import { baseSheet } from "../base.ts";
import { useStyles } from "../styles.ts";

/** Props of `<nu-error-message>`: documented once, in lib/elements/widgets.docs.ts. */
export interface ErrorMessageProps {
  message?: string;
  /** Lets a field point `aria-describedby` at the line. */
  id?: string;
  lang?: string;
}

/** The error line: one assertive live region, so a message that appears is announced at once. */
export function ErrorMessage({ message, id }: ErrorMessageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet);
  const text = message?.trim() ?? "";
  return (
    <div ref={ref} className="nu-root" part="error-root">
      {styles}
      <p id={id} className="nu-error" role="alert" aria-live="assertive" aria-atomic="true" part="error">
        {text ? <ErrorIcon /> : null}
        {text ? <span>{text}</span> : null}
      </p>
    </div>
  );
}

function ErrorIcon() {
  return (
    <svg className="nu-error-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <rect x="9" y="4.5" width="2" height="7" rx="1" fill="#fff" />
      <circle cx="10" cy="14.5" r="1.25" fill="#fff" />
    </svg>
  );
}
