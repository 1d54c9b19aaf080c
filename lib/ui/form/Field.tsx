import type { ReactNode } from "react";
import { ErrorMessage } from "./ErrorMessage.tsx";

/** A field's visible label; a required field shows a mark (screen readers get `required` instead). */
export function FieldLabel(props: {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
  as?: "label" | "legend" | "span";
}) {
  const { as: Tag = "label", htmlFor, id, required, children } = props;
  return (
    <Tag className="nu-label" htmlFor={Tag === "label" ? htmlFor : undefined} id={id} part="label">
      {children}
      {required ? (
        <span className="nu-required" aria-hidden="true">
          *
        </span>
      ) : null}
    </Tag>
  );
}

/** Hint under a field (e.g. 如該欄不適用，請留空。). */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="nu-hint" id={id} part="hint">
      {children}
    </p>
  );
}

/** The error line under a field; always rendered so that a new message is announced. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return <ErrorMessage id={id} message={message} />;
}

/** `aria-describedby` from the ids that currently have content. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}
