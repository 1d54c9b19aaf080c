import { useStore } from "@nanostores/react";
import { type ReactNode, useEffect } from "react";
import { errorText } from "../../api/errorText.ts";
import { toEnGB } from "../../core/dates.ts";
import { PHONE_CODES } from "../../core/lists/phoneCodes.ts";
import { nameIn } from "../../core/personName.ts";
import { EmailText } from "../../ui/EmailText.tsx";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { useSubmit } from "../../ui/form/useSubmit.ts";
import { useIds } from "../../ui/ids.ts";
import { useFlow } from "../shared/FlowContext.tsx";
import { useDraft } from "../shared/flowDraft.ts";
import { flowSession } from "../shared/flowSession.ts";
import { laterStepSheet } from "../shared/laterStyles.ts";
import { StepActions } from "../shared/StepActions.tsx";
import { StepLayout } from "../shared/StepLayout.tsx";
import { hkAddressText } from "../shared/summary.ts";
import { firstIncompleteStep } from "./completeness.ts";
import { editFromReview, reviewReached } from "./reviewReturn.ts";

export interface LookingForwardProps {
  step: string;
  /** Creates the lead; a throw is shown and the answers stay. */
  onSubmit: () => Promise<void>;
  /** Opens a step to change an answer (修改); that step then returns here (reviewReturn.ts). */
  onEdit: (step: string) => void;
  /** 上一步: the step before the review. */
  onBack: () => void;
}

/**
 * The closing page before member redemption: what happens next, every answer for a last look
 * (each with a way back to change it), and the submit that creates the lead.
 */
export function LookingForward({ step, onSubmit, onEdit, onBack }: LookingForwardProps) {
  const { flow, t, lang, progress, emit } = useFlow();
  const [draft] = useDraft(flow);
  useEffect(() => reviewReached(flow), [flow]);
  const email = useStore(flowSession(flow)).email ?? "";
  const ids = useIds("heading", "next");
  const { busy, failure, setFailure, run } = useSubmit({
    failureText: (error) => errorText(lang, error),
    emitError: emit,
    ownProgress: true, // the button says 處理中…: no overlay on top of it
  });
  const label = (pair?: { zh: string; en: string }) => (pair ? nameIn(lang, pair.zh, pair.en) : "");
  const phoneCode = PHONE_CODES.find((c) => c.value === draft.phone_code)?.label ?? "";
  const baby = draft.baby;

  const submit = async () => {
    if (busy) return undefined;
    const missing = firstIncompleteStep(draft, t);
    if (missing) {
      const section = sections.find((s) => s.edit === missing)?.title ?? "";
      setFailure(t("flows.review.incomplete", { section }));
      return undefined;
    }
    const result = await run(onSubmit);
    return result.status === "done" ? true : undefined;
  };

  const yesNo = (value: boolean | undefined) => (value ? t("common.yes") : t("common.no"));
  const sections: { title: string; edit: string; editLabel: string; rows: [string, ReactNode][] }[] = [
    {
      title: t("flows.review.person"),
      editLabel: t("flows.review.editPerson"),
      edit: "personInfo",
      rows: [
        [t("flows.person.lastName"), draft.last_name],
        [t("flows.person.firstName"), draft.first_name],
        [t("phone.number"), `${phoneCode} ${draft.phone}`],
        [t("login.email"), email ? <EmailText key="email" email={email} /> : ""],
        [t("flows.review.address"), hkAddressText(draft.address, lang)],
      ],
    },
    {
      title: t("flows.review.consents"),
      editLabel: t("flows.review.editConsents"),
      edit: "termsAndConditions",
      rows: [
        [t("flows.review.termsAccepted"), yesNo(draft.consents.terms && draft.consents.privacy)],
        [t("flows.review.marketing"), yesNo(draft.consents.marketing)],
      ],
    },
    {
      title: t("flows.review.partner"),
      editLabel: t("flows.review.editPartner"),
      edit: "cooperativePartner",
      rows: [
        [t("flows.partner.clinic"), label(draft.labels.clinic)],
        [t("flows.review.partnerContact"), yesNo(draft.consents.partner_contact)],
      ],
    },
    {
      title: t("flows.review.baby"),
      editLabel: t("flows.review.editBaby"),
      edit: "babyInfo",
      rows: [
        [
          t("flows.baby.status"),
          baby.status === "born" ? t("flows.baby.born") : baby.status ? t("flows.baby.expecting") : "",
        ],
        [
          baby.status === "born" ? t("flows.baby.birthDate") : t("flows.baby.dueDate"),
          toEnGB(baby.date ?? ""),
        ],
        [
          t("flows.baby.hospitalType"),
          baby.hospital_type === "Private"
            ? t("flows.baby.private")
            : baby.hospital_type
              ? t("flows.baby.public")
              : "",
        ],
        [t("flows.baby.hospital"), label(draft.labels.hospital)],
      ],
    },
  ];

  return (
    <StepLayout
      sheet={laterStepSheet}
      headingId={ids.heading}
      title={t("flows.review.title")}
      progress={progress(step)}
    >
      <StepForm name="looking-forward" labelledBy={ids.heading} onSubmit={submit}>
        <section className="nu-notice" aria-labelledby={ids.next}>
          <h3 id={ids.next} className="nu-fieldset-title">
            {t("flows.review.nextTitle")}
          </h3>
          <p>{t("flows.review.nextText")}</p>
        </section>
        {sections.map((section) => (
          <section key={section.edit} className="nu-fieldset" aria-label={section.title}>
            <div className="nu-section-head">
              <h3 className="nu-fieldset-title">{section.title}</h3>
              <button
                type="button"
                className="nu-link-button"
                aria-label={section.editLabel}
                onClick={() => editFromReview(flow, section.edit, onEdit)}
              >
                {t("flows.review.edit")}
              </button>
            </div>
            <dl className="nu-summary">
              {section.rows.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value || "—"}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <ErrorMessage lang={lang} message={failure} />
        <StepActions label={t("flows.review.submit")} busy={busy} back={onBack} />
      </StepForm>
    </StepLayout>
  );
}
