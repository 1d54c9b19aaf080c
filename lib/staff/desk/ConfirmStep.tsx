import { useEffect, useRef } from "react";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import type { DeskContext } from "./deskParts.tsx";

/**
 * The second press of a far-reaching act, beside the first: what it will do in words, the act's
 * own button, and 取消. The focus moves to the question, so a screen reader reads it first.
 */
export function ConfirmStep(props: {
  ctx: DeskContext;
  id: string;
  question: string;
  confirm: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className={props.danger ? "nu-desk-danger" : "nu-confirm-inline"}>
      <p id={props.id} ref={ref} tabIndex={-1} className={props.danger ? undefined : "nu-warning"}>
        {props.question}
      </p>
      <div className="nu-actions">
        <SubmitButton type="button" busy={props.busy} describedBy={props.id} onPress={props.onConfirm}>
          {props.confirm}
        </SubmitButton>
        <button
          type="button"
          className="nu-button nu-button--secondary"
          disabled={props.busy}
          onClick={props.onCancel}
        >
          {props.ctx.t("desk.cancel")}
        </button>
      </div>
    </div>
  );
}
