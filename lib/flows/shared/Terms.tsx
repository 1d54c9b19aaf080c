import { useState } from "react";
import { errorText } from "../../api/errorText.ts";
import type { MessageKey } from "../../core/i18n/index.ts";
import type { Consents, TncKind } from "../../core/types.ts";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { useSubmit } from "../../ui/form/useSubmit.ts";
import { useIds } from "../../ui/ids.ts";
import { Consent } from "./Consent.tsx";
import { useFlow } from "./FlowContext.tsx";
import { useDraft } from "./flowDraft.ts";
import { acceptedVersions, DocumentLinks, useLegalDocuments } from "./LegalDocuments.tsx";
import { laterStepSheet } from "./laterStyles.ts";
import { usePartnerName } from "./partnerName.ts";
import { StepActions } from "./StepActions.tsx";
import { StepLayout } from "./StepLayout.tsx";

export type TermsText = TncKind | "recruitment";

const TEXT: Record<TermsText, { title: MessageKey; intro: MessageKey; items: MessageKey }> = {
  new: { title: "flows.terms.new.title", intro: "flows.terms.new.intro", items: "flows.terms.new.items" },
  existing: {
    title: "flows.terms.existing.title",
    intro: "flows.terms.existing.intro",
    items: "flows.terms.existing.items",
  },
  partnership: {
    title: "flows.terms.partnership.title",
    intro: "flows.terms.partnership.intro",
    items: "flows.terms.partnership.items",
  },
  recruitment: {
    title: "flows.terms.recruitment.title",
    intro: "flows.terms.recruitment.intro",
    items: "flows.terms.recruitment.items",
  },
};

export interface TermsProps {
  text: TermsText;
  step: string;
  /** Label of the submit button (e.g. 同意並提交 when accepting creates the lead). */
  submitLabel: string;
  /** Runs with the consents once the required ones are given; a throw is shown and nothing is lost. */
  onAccept: (consents: Consents) => Promise<void> | void;
  onBack?: () => void;
  /** After a 修改 on the review page: the submit returns there (StepActions). */
  toReview?: boolean;
}

/**
 * Terms and conditions: the text, the two required consents (terms; privacy / personal data
 * collection) and a separate, unticked, optional direct-marketing consent — Hong Kong's PDPO
 * wants marketing use to be its own opt-in. The documents the privacy consent names open in a
 * dialog with the operator's text; the versions shown are sent with the consents.
 */
export function Terms({ text, step, submitLabel, onAccept, onBack, toReview }: TermsProps) {
  const { api, flow, t, lang, progress, emit } = useFlow();
  const [draft, setDraft] = useDraft(flow);
  const ids = useIds("heading", "text");
  const [errors, setErrors] = useState<{ terms?: string; privacy?: string }>({});
  const { busy, failure, run } = useSubmit({
    failureText: (error) => errorText(lang, error),
    emitError: emit,
    ownProgress: true, // the button says 處理中…: no overlay on top of it
  });
  const consents = draft.consents;
  const keys = TEXT[text];
  const { documents, error: documentsError } = useLegalDocuments();
  const partnerName = usePartnerName(api, draft.partner, lang, t("flows.partner.someClinic"));

  const tick = (key: keyof Consents, checked: boolean) => {
    setDraft({ consents: { ...consents, [key]: checked } });
    if (key === "terms" || key === "privacy") setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async () => {
    if (busy) return undefined;
    const missing = {
      terms: consents.terms ? undefined : t("flows.consent.required"),
      privacy: consents.privacy ? undefined : t("flows.consent.required"),
    };
    setErrors(missing);
    if (missing.terms || missing.privacy) return false;
    const result = await run(async () => {
      await onAccept({
        ...consents,
        marketing: Boolean(consents.marketing),
        // The wording's language, recorded with the consent (docs/privacy.md).
        lang,
        documents: acceptedVersions(documents),
      });
    });
    return result.status === "done" ? true : undefined;
  };

  return (
    <StepLayout
      sheet={laterStepSheet}
      headingId={ids.heading}
      title={t(keys.title)}
      progress={progress(step)}
      intro={t(keys.intro, { partner: partnerName })}
    >
      <StepForm name="terms" labelledBy={ids.heading} onSubmit={submit}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
        <section className="nu-terms-text" aria-labelledby={ids.text} tabIndex={0}>
          <h3 id={ids.text} className="nu-fieldset-title">
            {t("flows.terms.textHeading")}
          </h3>
          <ol>
            {t(keys.items, { partner: partnerName })
              .split("\n")
              .map((item) => (
                <li key={item}>{item}</li>
              ))}
          </ol>
        </section>
        <fieldset className="nu-fieldset">
          <legend className="nu-fieldset-title">{t("flows.consent.heading")}</legend>
          <Consent
            name="consent-terms"
            checked={consents.terms}
            onChange={(checked) => tick("terms", checked)}
            required
            error={errors.terms}
          >
            {t("flows.consent.terms")}
          </Consent>
          <Consent
            name="consent-privacy"
            checked={consents.privacy}
            onChange={(checked) => tick("privacy", checked)}
            required
            error={errors.privacy}
          >
            {t("flows.consent.privacy")}
          </Consent>
          <DocumentLinks documents={documents} error={documentsError} />
          <Consent
            name="consent-marketing"
            checked={Boolean(consents.marketing)}
            onChange={(checked) => tick("marketing", checked)}
            optionalText={t("flows.consent.optional")}
          >
            {t("flows.consent.marketing")}
          </Consent>
        </fieldset>
        <ErrorMessage lang={lang} message={failure} />
        <StepActions label={submitLabel} busy={busy} back={onBack} toReview={toReview} />
      </StepForm>
    </StepLayout>
  );
}
