import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { VerifyResult } from "../../api/index.ts";
import { $flags, setFlag } from "../../state/index.ts";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { useIds } from "../../ui/ids.ts";
import { RadioGroup } from "../../widgets/RadioGroup.tsx";
import { isSignedIn, startCustomerSession } from "../shared/customerSignIn.ts";
import { EmailLogin } from "../shared/EmailLogin.tsx";
import { useFlow } from "../shared/FlowContext.tsx";
import { useDraft } from "../shared/flowDraft.ts";
import { flowSession } from "../shared/flowSession.ts";
import { prefillFromLead } from "../shared/prefill.ts";
import { SignedInPanel } from "../shared/SignedInPanel.tsx";
import { StepLayout } from "../shared/StepLayout.tsx";

/**
 * nuForm's entry page: e-mail sign-in, then the residence question (香港 / 中國內地) that decides
 * which personal-info page follows. A customer whose nuForm lead already exists goes straight to
 * the product step, or to member redemption once a product is chosen.
 */
export function NuformEntry() {
  const { api, flow, t, lang, go, progress } = useFlow();
  useStore($flags);
  const session = useStore(flowSession(flow));
  const [draft, setDraft] = useDraft(flow);
  const ids = useIds("heading");
  const [justVerified, setJustVerified] = useState(false);
  const [residenceError, setResidenceError] = useState("");
  const signedIn = isSignedIn(flow);
  const inserted = $flags.get().isInserted === "true" && Boolean(session.leadId);

  const onVerified = async (email: string, result: VerifyResult) => {
    const { ownLeadId } = startCustomerSession(flow, email, result);
    if (ownLeadId) {
      await continueExisting(ownLeadId);
      return;
    }
    if (result.existing && result.lead_id) await prefillFromLead(api, flow, result.lead_id);
    setJustVerified(true);
  };

  const continueExisting = async (leadId: string) => {
    let productChosen = $flags.get().IsSelectedNUProduct === "true";
    try {
      productChosen = Boolean((await api.getLead(leadId)).product_id);
    } catch {
      // The guard still keeps the customer where an inserted lead may go.
    }
    if (productChosen) setFlag("IsSelectedNUProduct", true);
    go(productChosen ? "memberRedemption" : "product");
  };

  const chooseResidence = () => {
    if (draft.residence !== "HK" && draft.residence !== "CN") {
      setResidenceError(t("flows.residence.required"));
      return false;
    }
    go(draft.residence === "HK" ? "personInfoHK" : "personInfoCN");
    return true;
  };

  return (
    <StepLayout
      headingId={ids.heading}
      title={t("flows.nuform.entryTitle")}
      progress={progress("login")}
      intro={signedIn ? undefined : t("flows.login.intro")}
    >
      {!signedIn ? (
        <EmailLogin labelledBy={ids.heading} onVerified={onVerified} />
      ) : inserted ? (
        <SignedInPanel focusOnMount={justVerified}>
          <p>{t("flows.login.alreadyEnrolled")}</p>
          <div className="nu-actions">
            <button
              type="button"
              className="nu-button"
              onClick={() => void continueExisting(session.leadId as string)}
            >
              {t("flows.login.continue")}
            </button>
          </div>
        </SignedInPanel>
      ) : (
        <SignedInPanel focusOnMount={justVerified}>
          <StepForm name="residence" labelledBy={ids.heading} onSubmit={chooseResidence}>
            <RadioGroup
              lang={lang}
              label={t("flows.residence.label")}
              name="residence"
              required
              value={draft.residence}
              error={residenceError}
              options={[
                { value: "HK", label: t("flows.residence.HK") },
                { value: "CN", label: t("flows.residence.CN") },
              ]}
              onNuChange={({ value }) => {
                setResidenceError("");
                setDraft({ residence: value as "HK" | "CN" });
              }}
            />
            <div className="nu-actions">
              <button type="submit" className="nu-button">
                {t("common.next")}
              </button>
            </div>
          </StepForm>
        </SignedInPanel>
      )}
    </StepLayout>
  );
}
