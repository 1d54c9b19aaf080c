import { type ReactNode, useEffect, useRef, useState } from "react";
import { ApiError } from "../api/errors.ts";
import type { Invoice as InvoiceRecordType } from "../core/types.ts";
import { isUnauthorised } from "../gates/staffGate.ts";
import { baseSheet } from "../ui/base.ts";
import { ErrorMessage } from "../ui/form/ErrorMessage.tsx";
import { useIds } from "../ui/ids.ts";
import { useStyles } from "../ui/styles.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import type { StaffEventDetails } from "./events.ts";
import { InvoiceRecord, invoiceSheet } from "./InvoiceRecord.tsx";
import { currentPath, sessionExpired } from "./staffSession.ts";
import { staffSheet } from "./styles.ts";
import { failureText, type StaffApiProps, useStaffApi } from "./useStaffApi.ts";

/** Props of `<nu-invoice>`: documented once, in lib/elements/staff.docs.ts. */
export interface InvoiceProps extends StaffApiProps {
  invoiceId?: string;
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

type Load =
  | { status: "loading" }
  | { status: "ready"; invoice: InvoiceRecordType }
  | { status: "sign-in" }
  | { status: "error"; message: string; retryable: boolean };

/**
 * The standalone page an invoice QR code opens. Reading an invoice needs a staff token (docs/api.md):
 * signed out (or expired), the page offers the staff sign-in, which comes back here afterwards.
 */
export function Invoice(props: InvoiceProps) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, staffSheet, invoiceSheet);
  const t = useT(props.lang);
  const { client, lang, emit } = useStaffApi(ref, props);
  const id = props.invoiceId?.trim() ?? "";
  const ids = useIds("record");
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the retry trigger.
  useEffect(() => {
    if (!id) return;
    let current = true;
    setLoad({ status: "loading" });
    client.getInvoice(id).then(
      (invoice) => current && setLoad({ status: "ready", invoice }),
      (error: unknown) => {
        if (!current) return;
        if (isUnauthorised(error)) {
          setLoad({ status: "sign-in" });
          return;
        }
        // An id that is not an invoice id at all (a mistyped URL) is as good as unknown.
        const notFound =
          error instanceof ApiError && (error.code === "NOT_FOUND" || error.code === "VALIDATION_FAILED");
        setLoad({
          status: "error",
          message: notFound ? t("staff.invoice.notFound") : failureText(lang, error),
          retryable: !notFound,
        });
      },
    );
    return () => {
      current = false;
    };
  }, [id, client, lang, t, round]);

  let body: ReactNode;
  if (!id) {
    body = (
      <p className="nu-panel" role="alert">
        {t("staff.invoice.missingId")}
      </p>
    );
  } else if (load.status === "sign-in") {
    body = (
      <div className="nu-panel">
        <p>{t("staff.invoice.signInNeeded")}</p>
        <div className="nu-actions">
          <button
            type="button"
            className="nu-button"
            onClick={() => {
              sessionExpired(currentPath());
              emit("nu-step", { step: "home" });
            }}
          >
            {t("staff.invoice.signIn")}
          </button>
        </div>
      </div>
    );
  } else if (load.status === "loading") {
    body = (
      <p className="nu-panel nu-muted" role="status">
        {t("common.loading")}
      </p>
    );
  } else if (load.status === "error") {
    body = (
      <div className="nu-panel">
        <ErrorMessage message={load.message} />
        {/* Asking again for an invoice that does not exist gives the same answer. */}
        {load.retryable ? (
          <div className="nu-actions">
            <button type="button" className="nu-button" onClick={() => setRound((n) => n + 1)}>
              {t("common.retry")}
            </button>
          </div>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        <InvoiceRecord invoice={load.invoice} lang={lang} titleId={ids.record} />
        <div className="nu-actions nu-no-print">
          <button type="button" className="nu-button nu-button--secondary" onClick={() => window.print()}>
            {t("staff.invoice.print")}
          </button>
        </div>
      </>
    );
  }

  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
      {styles}
      {body}
    </div>
  );
}
