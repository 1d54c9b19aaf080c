import { useEffect, useRef, useState } from "react";
import { mayHaveBeenDone } from "../api/errors.ts";
import { fromEnGB, toEnGB } from "../core/dates.ts";
import type { MessageKey } from "../core/i18n/index.ts";
import { newRequestKey } from "../core/requestKey.ts";
import type { Invoice } from "../core/types.ts";
import { baseSheet } from "../ui/base.ts";
import { ErrorMessage } from "../ui/form/ErrorMessage.tsx";
import { StepForm } from "../ui/form/StepForm.tsx";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { TextField } from "../ui/form/TextField.tsx";
import { errorCode, useSubmit } from "../ui/form/useSubmit.ts";
import { useIds } from "../ui/ids.ts";
import { useStyles } from "../ui/styles.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import { DatePicker } from "../widgets/DatePicker.tsx";
import type { StaffEventDetails } from "./events.ts";
import { InvoiceRecord, invoiceSheet } from "./InvoiceRecord.tsx";
import {
  checkInvoiceInput,
  emptyInvoiceInput,
  INVOICE_DATE_DAYS_BACK,
  INVOICE_LIMITS,
  type InvoiceField,
  type InvoiceInput,
  type InvoiceProblem,
} from "./invoiceForm.ts";
import { dropKeptInput, keepInput, takeKeptInput } from "./keptInput.ts";
import { leadRefFrom } from "./leadRefInput.ts";
import { QrScan } from "./QrScan.tsx";
import { remember, remembered } from "./remembered.ts";
import { staffSheet } from "./styles.ts";
import { failureText, type StaffApiProps, useStaffApi } from "./useStaffApi.ts";

export interface InvoiceQrcodeProps extends StaffApiProps {
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

const PROBLEM_TEXT: Record<InvoiceField, Partial<Record<InvoiceProblem, MessageKey>>> = {
  invoice_no: {
    required: "staff.invoice.numberRequired",
    too_long: "staff.invoice.numberFormat",
    format: "staff.invoice.numberFormat",
  },
  invoice_date: {
    required: "staff.invoice.dateRequired",
    format: "staff.invoice.dateFormat",
    future: "staff.invoice.dateFuture",
  },
  amount: {
    required: "staff.invoice.amountRequired",
    format: "staff.invoice.amountFormat",
    range: "staff.invoice.amountRange",
  },
  lead_id: { required: "staff.lead.refRequired", format: "staff.lead.refFormat" },
  shop: {
    required: "staff.invoice.shopRequired",
    too_long: "staff.invoice.shopFormat",
    format: "staff.invoice.shopFormat",
  },
};

/** The form's name for what it keeps across a sign-in (keptInput.ts). */
const KEPT_FORM = "invoice";

/**
 * Beside the fields while a send has no answer: its Idempotency-Key, so that after a reload the
 * same details sent again get the invoice the server may have saved, not 此發票號碼已有記錄。
 */
const KEPT_REQUEST_KEY = "request_key";

/** Keeps the details being sent and their key until the server answers (keptInput.ts). */
function keepUnanswered(input: InvoiceInput, key: string): void {
  keepInput(KEPT_FORM, { ...input, [KEPT_REQUEST_KEY]: key });
}

/** The send whose answer a reload lost, as `sent` holds it: the same details go with the same key. */
function unansweredSend(kept: Record<string, string> | null): { body: string; key: string } | null {
  const key = kept?.[KEPT_REQUEST_KEY];
  if (!key) return null;
  const checked = checkInvoiceInput({ ...emptyInvoiceInput(), ...pick(kept) });
  return checked.ok ? { body: JSON.stringify(checked.body), key } : null;
}

/** The invoice fields of values kept across a sign-in, nothing else. */
function pick(kept: Record<string, string> | null): Partial<InvoiceInput> {
  const fields: Partial<InvoiceInput> = {};
  for (const name of Object.keys(PROBLEM_TEXT) as InvoiceField[])
    if (kept?.[name] !== undefined) fields[name] = kept[name];
  return fields;
}

/** An empty form, with the shop this staff member last used on this device. */
function freshInput(): InvoiceInput {
  return { ...emptyInvoiceInput(), shop: remembered("shop") };
}

/** The server's `Field` (dotted path) → the form field it names. */
function formField(serverField: string | undefined): InvoiceField | null {
  const name = serverField?.split(".")[0];
  return name && name in PROBLEM_TEXT ? (name as InvoiceField) : null;
}

/**
 * Staff type the invoice details; the server stores them and the page shows a QR code of the
 * invoice's own page (`/staff/invoice?id=`), ready to print.
 */
export function InvoiceQrcode(props: InvoiceQrcodeProps) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, staffSheet, invoiceSheet);
  const t = useT(props.lang);
  const { client, lang, emit, endedSession } = useStaffApi(ref, props);
  const ids = useIds("form", "record");
  const [kept] = useState(() => takeKeptInput(KEPT_FORM));
  const [input, setInput] = useState<InvoiceInput>(() => ({ ...freshInput(), ...pick(kept) }));
  const [scanError, setScanError] = useState("");
  const [errors, setErrors] = useState<Partial<Record<InvoiceField, string>>>({});
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  // One Idempotency-Key while the content stays the same: pressing again after a lost answer is
  // the same request, and the server answers with the invoice it saved (docs/staff.md). A reload
  // keeps it too, with the details it went with.
  const [restored] = useState(() => unansweredSend(kept));
  const sent = useRef(restored);
  /** The key of a send that may have been saved (no answer came). */
  const unsure = useRef(restored?.key ?? null);
  const [unansweredNote, setUnansweredNote] = useState(Boolean(restored));
  useEffect(() => {
    // Taken as the page opened: kept again as it was, for one more reload before the next press.
    if (restored && kept) keepInput(KEPT_FORM, kept);
  }, [restored, kept]);
  const { busy, failure, setFailure, run } = useSubmit({
    failureText: (error) =>
      endedSession(error, () => {
        // An earlier send of these details may have been saved: its key comes back with them.
        if (sent.current && sent.current.key === unsure.current) keepUnanswered(input, sent.current.key);
        else keepInput(KEPT_FORM, { ...input });
      })
        ? null
        : failureText(lang, error),
    emitError: emit,
    ownProgress: true,
  });

  const set = (name: InvoiceField) => (value: string) => {
    setInput((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const submit = async () => {
    if (busy) return undefined;
    setFailure("");
    const checked = checkInvoiceInput(input);
    if (!checked.ok) {
      const texts: Partial<Record<InvoiceField, string>> = {};
      for (const [name, problem] of Object.entries(checked.problems) as [InvoiceField, InvoiceProblem][]) {
        const key = PROBLEM_TEXT[name][problem];
        if (key)
          texts[name] = t(key, {
            max: name === "shop" ? INVOICE_LIMITS.shopMax : INVOICE_LIMITS.invoiceNoMax,
          });
      }
      setErrors(texts);
      return false;
    }
    const content = JSON.stringify(checked.body);
    if (sent.current?.body !== content) sent.current = { body: content, key: newRequestKey() };
    const { key } = sent.current;
    keepUnanswered(input, key);
    const result = await run(() => client.createInvoice(checked.body, key), {
      onFailure: (message, error) => {
        if (mayHaveBeenDone(error)) unsure.current = key;
        else {
          // Answered (the server replays a saved invoice for its key): nothing is pending any more.
          unsure.current = null;
          dropKeptInput();
          setUnansweredNote(false);
        }
        const named = formField((error as { field?: string }).field);
        if (named === "lead_id" && errorCode(error) === "NOT_FOUND")
          setErrors({ lead_id: t("staff.lead.notFound", { ref: checked.body.lead_id }) });
        else if (named) setErrors({ [named]: message });
        else setFailure(message);
      },
    });
    if (result.status !== "done") return undefined;
    sent.current = null;
    unsure.current = null;
    dropKeptInput();
    remember("shop", checked.body.shop);
    setUnansweredNote(false);
    setInvoice(result.value);
    requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>(`#${ids.record}`)?.focus());
    return true;
  };

  if (invoice) {
    return (
      <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
        {styles}
        <p className="nu-success nu-no-print" role="status">
          {t("staff.invoice.created")}
        </p>
        <InvoiceRecord invoice={invoice} lang={lang} titleId={ids.record} />
        <div className="nu-actions nu-no-print">
          <button type="button" className="nu-button" onClick={() => window.print()}>
            {t("staff.invoice.print")}
          </button>
          <button
            type="button"
            className="nu-button nu-button--secondary"
            onClick={() => {
              setInvoice(null);
              setInput(freshInput());
              setErrors({});
            }}
          >
            {t("staff.invoice.another")}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
      {styles}
      <StepForm name="invoice" className="nu-panel nu-form" labelledBy={ids.form} onSubmit={submit}>
        <h2 className="nu-panel-title" id={ids.form}>
          {t("staff.invoice.formTitle")}
        </h2>
        {unansweredNote ? <p className="nu-notice">{t("staff.invoice.unanswered")}</p> : null}
        <TextField
          label={t("staff.invoice.number")}
          name="invoice_no"
          value={input.invoice_no}
          onChange={set("invoice_no")}
          error={errors.invoice_no}
          required
          autoComplete="off"
          maxLength={INVOICE_LIMITS.invoiceNoMax}
        />
        <DateField
          label={t("staff.invoice.date")}
          value={input.invoice_date}
          onChange={set("invoice_date")}
          error={errors.invoice_date}
          lang={lang}
        />
        <TextField
          label={t("staff.invoice.amount")}
          hint={t("staff.invoice.amountHint")}
          name="amount"
          value={input.amount}
          onChange={set("amount")}
          error={errors.amount}
          required
          autoComplete="off"
          inputMode="decimal"
          maxLength={20}
        />
        <TextField
          label={t("staff.invoice.shop")}
          hint={t("staff.invoice.shopHint")}
          name="shop"
          value={input.shop}
          onChange={set("shop")}
          error={errors.shop}
          required
          autoComplete="off"
          maxLength={INVOICE_LIMITS.shopMax}
        />
        <TextField
          label={t("staff.invoice.leadRef")}
          hint={t("staff.lead.refHint")}
          name="lead_id"
          value={input.lead_id}
          onChange={set("lead_id")}
          error={errors.lead_id}
          required
          autoComplete="off"
          maxLength={20}
          className="nu-ref"
        />
        <QrScan
          lang={lang}
          compact
          busy={busy}
          error={scanError}
          startLabel={t("staff.invoice.scanRef")}
          photoLabel={t("staff.invoice.photoRef")}
          onText={(text) => {
            const leadRef = leadRefFrom(text);
            if (!leadRef) return setScanError(t("staff.verify.notLeadQr"));
            setScanError("");
            set("lead_id")(leadRef);
            focusAfterScan(ref.current, input);
          }}
        />
        <ErrorMessage message={failure} />
        <div className="nu-actions">
          <SubmitButton busy={busy} busyLabel={t("staff.invoice.creating")}>
            {t("staff.invoice.create")}
          </SubmitButton>
        </div>
      </StepForm>
    </div>
  );
}

/**
 * Where the next key belongs once a scan has filled the customer's reference (the camera's own
 * button has just gone, which would leave focus on <body>): the first field still empty, else
 * 儲存並產生二維碼.
 */
function focusAfterScan(root: HTMLElement | null, input: InvoiceInput): void {
  const empty = (["invoice_no", "invoice_date", "amount", "shop"] as const).find(
    (name) => !input[name].trim(),
  );
  const selector =
    empty === "invoice_date"
      ? '[part~="date-field"]'
      : empty
        ? `input[name="${empty}"]`
        : 'button[type="submit"]';
  requestAnimationFrame(() => root?.querySelector<HTMLElement>(selector)?.focus());
}

/**
 * The invoice date on the project's date picker (DD/MM/YYYY whatever the browser's locale), from
 * a year back to today in Hong Kong; the form keeps it as YYYY-MM-DD.
 */
function DateField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  lang: string;
}) {
  return (
    <DatePicker
      lang={props.lang}
      label={props.label}
      name="invoice_date"
      required
      minDays={-INVOICE_DATE_DAYS_BACK}
      maxDays={0}
      value={toEnGB(props.value)}
      error={props.error}
      onNuChange={({ value }) => props.onChange(fromEnGB(value) ?? "")}
    />
  );
}
