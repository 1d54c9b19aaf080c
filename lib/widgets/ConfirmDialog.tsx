import { useRef } from "react";
import { dialogTexts } from "../core/i18n/widgets/dialog.ts";
import { baseSheet } from "../ui/base.ts";
import { dialogSheet, useModalDialog } from "../ui/dialog.ts";
import { useIds } from "../ui/ids.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { token } from "../ui/theme.ts";
import { useEmit } from "../ui/useEmit.ts";
import { useHostState } from "../ui/useHostState.ts";
import { useWidgetT } from "../ui/useWidgetT.ts";

export type DialogTheme = "yellow" | "blue";

/** Props of `<nu-confirm-dialog>`: documented once, in lib/elements/widgets.docs.ts. */
export interface ConfirmDialogProps {
  open?: boolean;
  title?: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  singleButton?: boolean;
  theme?: DialogTheme;
  lang?: string;
  onNuConfirm?: (detail: { value?: string }) => void;
  onNuCancel?: (detail: Record<string, never>) => void;
}

const confirmSheet = sheet(`
.nu-confirm { border-top: 6px solid var(--nu-dialog-theme); }
.nu-confirm[data-theme="yellow"] {
  --nu-dialog-theme: ${token("color-accent")};
  --nu-dialog-theme-contrast: ${token("color-accent-contrast")};
}
.nu-confirm[data-theme="blue"] {
  --nu-dialog-theme: ${token("color-info")};
  --nu-dialog-theme-contrast: ${token("color-info-contrast")};
}
.nu-confirm-message { white-space: pre-line; }
.nu-confirm .nu-button--confirm {
  background: var(--nu-dialog-theme);
  border-color: var(--nu-dialog-theme);
  color: var(--nu-dialog-theme-contrast);
}
.nu-confirm[data-theme="yellow"] .nu-button--confirm { border-color: color-mix(in srgb, var(--nu-dialog-theme) 70%, #000); }
`);

/** A modal confirm / cancel dialog (native `<dialog>`): Escape and 取消 cancel, 確定 confirms. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, message, singleButton, lang } = props;
  const theme: DialogTheme = props.theme === "yellow" ? "yellow" : "blue";
  const ref = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const styles = useStyles(ref, baseSheet, dialogSheet, confirmSheet);
  const t = useWidgetT(lang, dialogTexts);
  const emit = useEmit(ref, props);
  const ids = useIds("title", "message");
  const [open, , commitOpen] = useHostState(ref, "open", Boolean(props.open));

  useModalDialog(dialogRef, open, (reason) => {
    // null: the page set `open` to false itself, nothing was chosen, so no event.
    if (reason === null) return;
    commitOpen(false);
    // `value` as a <dialog>'s returnValue: which button closed it (docs/elements.md: nu-confirm {value}).
    if (reason === "confirm") emit("nu-confirm", { value: "confirm" });
    else emit("nu-cancel", {});
  });

  return (
    <div ref={ref} className="nu-root">
      {styles}
      <dialog
        ref={dialogRef}
        className="nu-dialog nu-confirm"
        part="dialog"
        data-theme={theme}
        aria-labelledby={title ? ids.title : message ? ids.message : undefined}
        aria-describedby={title && message ? ids.message : undefined}
      >
        <div className="nu-dialog-box">
          {title ? (
            <h2 className="nu-dialog-title" id={ids.title} part="dialog-title">
              {title}
            </h2>
          ) : null}
          {message ? (
            <p className="nu-confirm-message" id={ids.message} part="dialog-message">
              {message}
            </p>
          ) : null}
          <div className="nu-dialog-actions">
            {singleButton ? null : (
              <button
                type="button"
                className="nu-button nu-button--secondary"
                part="button cancel-button"
                onClick={() => dialogRef.current?.close("cancel")}
              >
                {props.cancelLabel || t("widgets.dialog.cancel")}
              </button>
            )}
            <button
              type="button"
              className="nu-button nu-button--confirm"
              part="button confirm-button"
              onClick={() => dialogRef.current?.close("confirm")}
            >
              {props.confirmLabel || t("widgets.dialog.confirm")}
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}
