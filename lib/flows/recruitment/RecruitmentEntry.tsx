import { useStore } from "@nanostores/react";
import { $flags } from "../../state/index.ts";
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
 * The recruitment form's entry page: e-mail sign-in, then straight on to personal info — or to
 * member redemption when this e-mail already has a recruitment lead.
 */
export function RecruitmentEntry() {
  const { flow, t, go, progress } = useFlow();
  useStore($flags);
  const session = useStore(flowSession(flow));
  const ids = useIds("heading");
  const signedIn = isSignedIn(flow);
  const inserted = $flags.get().isInserted === "true" && Boolean(session.leadId);

  const onVerified = ({ ownLeadId }: VerifiedSignIn) => {
    go(ownLeadId ? "memberRedemption" : "personInfo");
  };

  return (
    <StepLayout
      headingId={ids.heading}
      title={t(signedIn ? "flows.login.welcomeBack" : "flows.login.title")}
      progress={progress("login")}
      intro={signedIn ? undefined : <SignInIntro flowIntro={t("flows.recruitment.entryIntro")} />}
    >
      {signedIn ? (
        <SignedInPanel focusOnMount={false}>
          <p>{inserted ? t("flows.login.alreadyEnrolled") : t("flows.login.continueHint")}</p>
          <div className="nu-actions">
            <button
              type="button"
              className="nu-button"
              onClick={() => go(inserted ? "memberRedemption" : "personInfo")}
            >
              {t("flows.login.continue")}
            </button>
          </div>
        </SignedInPanel>
      ) : (
        <EmailLogin labelledBy={ids.heading} onVerified={onVerified} />
      )}
    </StepLayout>
  );
}
