import { useCallback, useState } from "react";
import { nameIn } from "../../core/personName.ts";
import { ListStatus } from "../../ui/form/ListStatus.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { useIds } from "../../ui/ids.ts";
import { Select } from "../../widgets/Select.tsx";
import { Consent } from "../shared/Consent.tsx";
import { useFlow } from "../shared/FlowContext.tsx";
import { useDraft } from "../shared/flowDraft.ts";
import { laterStepSheet } from "../shared/laterStyles.ts";
import { StepActions } from "../shared/StepActions.tsx";
import { StepLayout } from "../shared/StepLayout.tsx";
import { useList } from "../shared/useList.ts";

/**
 * The cooperative partner: the clinic the customer picks from GET /api/clinic_list, and a
 * separate, optional consent for that clinic to contact them (passing data to a third party for
 * its own contact needs its own opt-in).
 */
export function CooperativePartner({
  step,
  toReview,
  onDone,
  onBack,
}: {
  step: string;
  /** After a 修改 on the review page: the submit returns there (StepActions). */
  toReview?: boolean;
  onDone: () => void;
  onBack?: () => void;
}) {
  const { api, flow, t, lang, progress } = useFlow();
  const [draft, setDraft] = useDraft(flow);
  const ids = useIds("heading");
  const {
    items: clinics,
    error,
    retry,
  } = useList(
    useCallback(() => api.clinics(), [api]),
    lang,
  );
  const [clinicError, setClinicError] = useState("");
  const name = (c: { name_zh: string; name_en: string }) => nameIn(lang, c.name_zh, c.name_en);

  const submit = () => {
    if (!draft.clinic_id) {
      setClinicError(t("flows.partner.required"));
      return false;
    }
    onDone();
    return true;
  };

  return (
    <StepLayout
      sheet={laterStepSheet}
      headingId={ids.heading}
      title={t("flows.partner.title")}
      progress={progress(step)}
      intro={t("flows.partner.intro")}
    >
      <StepForm name="cooperative-partner" labelledBy={ids.heading} onSubmit={submit}>
        <ListStatus loading={clinics === null} error={error} retry={retry} lang={lang} />
        {clinics && clinics.length === 0 ? (
          <p className="nu-notice" data-testid="no-clinics">
            {t("flows.partner.none")}
          </p>
        ) : null}
        {clinics && clinics.length > 0 ? (
          <Select
            lang={lang}
            label={t("flows.partner.clinic")}
            name="clinic"
            required
            value={draft.clinic_id}
            error={clinicError}
            options={clinics.map((c) => ({ value: String(c.id), label: name(c) }))}
            onNuChange={({ value }) => {
              setClinicError("");
              const clinic = clinics.find((c) => String(c.id) === value);
              setDraft({
                clinic_id: value,
                labels: {
                  ...draft.labels,
                  clinic: clinic ? { zh: clinic.name_zh, en: clinic.name_en } : undefined,
                },
              });
            }}
          />
        ) : null}
        {clinics?.length === 0 ? null : (
          // A consent to share with "the chosen clinic" where none can be chosen would ask for nothing.
          <Consent
            name="consent-partner-contact"
            checked={Boolean(draft.consents.partner_contact)}
            onChange={(checked) => setDraft({ consents: { ...draft.consents, partner_contact: checked } })}
            optionalText={t("flows.consent.optional")}
          >
            {t("flows.partner.contactConsent")}
          </Consent>
        )}
        <StepActions label={t("common.next")} back={onBack} toReview={toReview} />
      </StepForm>
    </StepLayout>
  );
}
