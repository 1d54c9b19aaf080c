import { useStore } from "@nanostores/react";
import { useState } from "react";
import { lazyElement } from "../../load/lazy.tsx";
import { $flags, setFlag } from "../../state/index.ts";
import { useIds } from "../../ui/ids.ts";
import { isSignedIn } from "../shared/customerSignIn.ts";
import { EmailLogin } from "../shared/EmailLogin.tsx";
import { useFlow } from "../shared/FlowContext.tsx";
import { flowSession } from "../shared/flowSession.ts";
import { SignedInPanel } from "../shared/SignedInPanel.tsx";
import { SignInIntro } from "../shared/SignInIntro.tsx";
import { StepLayout } from "../shared/StepLayout.tsx";
import type { VerifiedSignIn } from "../shared/verifiedSignIn.ts";

/**
 * The residence question loads after sign-in (its texts are sign-in texts): the e-mail field does
 * not wait for the radio group. Prefetched with the later steps (NuForm.tsx).
 */
export const ResidenceQuestion = lazyElement(
  () => import("./Residence.tsx").then((m) => m.Residence),
  "sign-in",
  { reserveSpace: false },
);

/**
 * nuForm's entry page: e-mail sign-in, then the residence question (香港 / 中國內地) that decides
 * which personal-info page follows. A customer whose nuForm lead already exists goes straight to
 * the product step, or to member redemption once a product is chosen.
 */
export function NuformEntry() {
  const { api, flow, t, lang, go, progress } = useFlow();
  useStore($flags);
  const session = useStore(flowSession(flow));
  const ids = useIds("heading");
  const [justVerified, setJustVerified] = useState(false);
  const signedIn = isSignedIn(flow);
  const inserted = $flags.get().isInserted === "true" && Boolean(session.leadId);

  const onVerified = async ({ ownLeadId }: VerifiedSignIn) => {
    if (ownLeadId) {
      await continueExisting(ownLeadId);
      return;
    }
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

  return (
    <StepLayout
      headingId={ids.heading}
      title={t(
        !signedIn
          ? "flows.login.title"
          : inserted
            ? "flows.login.welcomeBack"
            : "flows.nuform.residenceTitle",
      )}
      progress={progress("login")}
      intro={signedIn ? undefined : <SignInIntro flowIntro={t("flows.nuform.entryIntro")} />}
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
          <ResidenceQuestion lang={lang} labelledBy={ids.heading} />
        </SignedInPanel>
      )}
    </StepLayout>
  );
}
