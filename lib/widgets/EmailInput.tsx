import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { isEmail } from "../core/email.ts";
import { emailTexts } from "../core/i18n/widgets/email.ts";
import { baseSheet } from "../ui/base.ts";
import { comboboxSheet, useCombobox } from "../ui/combobox.tsx";
import { describedBy, FieldError, FieldLabel } from "../ui/form/Field.tsx";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { useIds } from "../ui/ids.ts";
import { useStyles } from "../ui/styles.ts";
import { useCountdown } from "../ui/useCountdown.ts";
import { useEmit } from "../ui/useEmit.ts";
import { useHostState } from "../ui/useHostState.ts";
import { useOwnProgress } from "../ui/useOwnProgress.ts";
import { useWidgetT } from "../ui/useWidgetT.ts";
import { useEmailDomains } from "./emailDomainsOnDemand.ts";
import { emailSheet } from "./emailSheet.ts";

export type EmailSendStatus = "idle" | "sending" | "sent" | "error";

/** Props of `<nu-email-input>`: documented once, in lib/elements/widgets.docs.ts. */
export interface EmailInputProps {
  label?: string;
  value?: string;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  sendButton?: boolean;
  status?: EmailSendStatus;
  resendIn?: number;
  lang?: string;
  onNuChange?: (detail: { value: string }) => void;
  onNuSend?: (detail: { email: string }) => void;
}

/**
 * The seconds left of `given`, counting down from when it was given; a new value starts again
 * (the flows pass their own countdown's value every second). At 0 an element writes it back, so a
 * page that sets the same number after the next send restarts it.
 */
function useResendIn(ref: RefObject<HTMLElement | null>, given: number | undefined): number | undefined {
  const [seconds, , commit] = useHostState(ref, "resendIn", given);
  const until = useMemo(() => Date.now() + (seconds || 0) * 1000, [seconds]); // NaN (resend-in="x"): 0
  const left = useCountdown(until);
  const over = seconds !== undefined && seconds !== 0 && left === 0;
  useEffect(() => {
    if (over) commit(0);
  });
  return seconds === undefined ? undefined : left;
}

/**
 * E-mail field with domain suggestions (typing `abc@g` offers the common domains starting with g)
 * and an optional 發送電郵 button whose sending / sent / error states the page drives by `status`.
 * A likely typo in a common domain (gmial.com) is offered as a one-press correction. The domain
 * list loads after the field (emailDomainsOnDemand.ts).
 */
export function EmailInput(props: EmailInputProps) {
  const { name = "email", placeholder, disabled, required, sendButton, lang } = props;
  const status: EmailSendStatus = props.status ?? "idle";
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, comboboxSheet, emailSheet);
  const t = useWidgetT(lang, emailTexts);
  const emit = useEmit(ref, props);
  const ids = useIds("input", "list", "error", "status", "typo");
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, , commitValue] = useHostState(ref, "value", props.value ?? "");
  const [invalid, setInvalid] = useState(false);
  const { domains, need: needDomains } = useEmailDomains();
  const suggestions = useMemo(() => domains?.suggestEmails(value) ?? [], [domains, value]);
  const domainFix = useMemo(() => domains?.suggestDomainFix(value) ?? null, [domains, value]);
  const resendIn = useResendIn(ref, props.resendIn);
  const waiting = resendIn !== undefined && resendIn > 0;

  const change = (next: string) => {
    needDomains();
    commitValue(next);
    setInvalid(false);
    emit("nu-change", { value: next });
  };

  const combobox = useCombobox({
    items: suggestions,
    listId: ids.list,
    optionId: (index) => `${ids.list}-${index}`,
    onPick: (email) => change(email),
  });

  const statusError = status === "error" ? t("widgets.email.sendFailed") : "";
  const error = invalid ? t("widgets.email.invalid") : props.error || statusError;
  const sending = status === "sending";
  useOwnProgress(sending);
  const buttonLabel = sending
    ? t("widgets.email.sending")
    : resendIn === undefined
      ? t("widgets.email.send")
      : waiting
        ? t("widgets.email.resendIn", { seconds: resendIn })
        : t("widgets.email.resend");

  const send = () => {
    const email = value.trim();
    if (!isEmail(email)) {
      setInvalid(true);
      return;
    }
    emit("nu-send", { email });
  };

  return (
    <div ref={ref} className="nu-root nu-field" part="field">
      {styles}
      <FieldLabel htmlFor={ids.input} required={required}>
        {props.label || t("widgets.email.label")}
      </FieldLabel>
      <div className="nu-email-row">
        <div className="nu-combobox">
          <input
            {...combobox.inputProps}
            ref={inputRef}
            id={ids.input}
            className="nu-control"
            part="input"
            type="email"
            name={name}
            autoComplete="email"
            inputMode="email"
            // The string, not {false}: Preact removes an attribute given false (React writes "false").
            spellCheck="false"
            autoCapitalize="off"
            value={value}
            placeholder={placeholder}
            disabled={disabled}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(
              error && ids.error,
              domainFix && ids.typo,
              sendButton && status !== "idle" && ids.status,
            )}
            onChange={(event) => {
              change(event.currentTarget.value);
              combobox.reopen();
            }}
          />
          {domains ? (
            <domains.SuggestionList
              combobox={combobox}
              items={suggestions}
              label={t("widgets.email.suggestions")}
              keyOf={(email) => email}
            >
              {(email) => email}
            </domains.SuggestionList>
          ) : (
            // The listbox the input controls, empty until the list's code is there.
            <div id={ids.list} role="listbox" aria-label={t("widgets.email.suggestions")} hidden />
          )}
        </div>
        {sendButton ? (
          <SubmitButton
            type="button"
            part="button send-button"
            disabled={disabled}
            busy={sending}
            unavailable={waiting}
            // Once a code is out the next step is the code: 重新發送 steps back beside it.
            secondary={resendIn !== undefined && !sending}
            describedBy={describedBy(error && ids.error)}
            onPress={send}
          >
            {sending ? <span className="nu-spinner" aria-hidden="true" /> : null}
            {buttonLabel}
          </SubmitButton>
        ) : null}
      </div>
      {sendButton ? (
        <p className="nu-email-status" id={ids.status} role="status" data-status={status} part="status">
          {status === "sent" ? t("widgets.email.sent") : null}
          {sending ? <span className="nu-visually-hidden">{t("widgets.email.sending")}</span> : null}
        </p>
      ) : null}
      <p className="nu-email-typo" id={ids.typo} aria-live="polite">
        {domainFix ? (
          <>
            {t("widgets.email.typo", { email: domainFix })}{" "}
            <button
              type="button"
              className="nu-link-button"
              part="typo-fix"
              onClick={() => {
                change(domainFix);
                inputRef.current?.focus();
              }}
            >
              {t("widgets.email.typoFix", { email: domainFix })}
            </button>
          </>
        ) : null}
      </p>
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
