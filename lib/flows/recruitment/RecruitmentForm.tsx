import { useStore } from "@nanostores/react";
import type { Lead } from "../../core/types.ts";
import { lazyElement } from "../../load/lazy.tsx";
import { type FlowProps, useFlow } from "../shared/FlowContext.tsx";
import { flowComponent } from "../shared/flowComponent.tsx";
import { getDraft, updateDraft, useDraft } from "../shared/flowDraft.ts";
import { flowSession } from "../shared/flowSession.ts";
import {
  loadLeadSubmit,
  MemberQr,
  PersonInfo,
  submitModules,
  Terms,
  useLaterSteps,
} from "../shared/lazySteps.ts";
import { ENTRY_STEP } from "../shared/stepPaths.ts";
import { termsKind } from "../shared/termsKind.ts";
import { HANDOVER, handOverToNuform } from "./handover.ts";
import { RecruitmentEntry } from "./RecruitmentEntry.tsx";
import { RECRUITMENT_FLOW_STEPS, RECRUITMENT_PROGRESS } from "./steps.ts";

export type RecruitmentFormProps = FlowProps;

const CooperativePartner = lazyElement(() =>
  import("./CooperativePartner.tsx").then((m) => m.CooperativePartner),
);
const BabyInfo = lazyElement(() => import("./BabyInfo.tsx").then((m) => m.BabyInfo));
const LookingForward = lazyElement(() => import("./LookingForward.tsx").then((m) => m.LookingForward));
const LATER_STEPS = [
  PersonInfo,
  Terms,
  CooperativePartner,
  BabyInfo,
  LookingForward,
  MemberQr,
  submitModules,
];

/**
 * The recruitment form (`<nu-recruitment-form>`): sign-in → personal info → terms → cooperative
 * partner → baby information → looking forward (review; submitting creates the lead) → member
 * redemption, with a way on to nuForm's product step. docs/flows.md explains the order.
 */
export const RecruitmentForm = flowComponent(
  "recruitment",
  RECRUITMENT_FLOW_STEPS,
  RECRUITMENT_PROGRESS,
  RecruitmentStep,
);

function RecruitmentStep({ step }: { step: string }) {
  const { api, flow, go, emit, t } = useFlow();
  useLaterSteps(flow, step, LATER_STEPS);
  const session = useStore(flowSession(flow));
  // After a 修改 on the review page, a step's submit goes back there and says so (reviewReturn.ts).
  const toReview = useDraft(flow)[0].returnToReview;
  const next = (following: string) => go(toReview ? "lookingForward" : following);

  const submit = async () => {
    const { createLeadOnce, leadBody, leadCreated } = await loadLeadSubmit();
    const draft = getDraft(flow);
    const body = {
      ...leadBody(
        flow,
        { ...draft, residence: "HK" },
        session.email ?? "",
        termsKind(draft, session.existing === "true"),
      ),
      clinic_id: draft.clinic_id || null,
      baby: draft.baby.status ? (draft.baby as Lead["baby"]) : null,
    };
    const leadId = await createLeadOnce(api, body, draft.idempotencyKey);
    leadCreated(flow, leadId);
    emit("nu-submit", { leadId });
    go("memberRedemption");
  };

  // The page moves to nuForm (another flow): the element only asks, host-driven or not.
  const handOver = (leadId: string) => {
    handOverToNuform(leadId, session.email);
    emit("nu-step", HANDOVER);
  };

  switch (step) {
    case ENTRY_STEP:
      return <RecruitmentEntry />;
    case "personInfo":
      return (
        <PersonInfo
          variant="HK"
          step={step}
          toReview={toReview}
          onDone={() => next("termsAndConditions")}
          onBack={() => go(ENTRY_STEP)}
        />
      );
    case "termsAndConditions":
      return (
        <Terms
          text="recruitment"
          step={step}
          submitLabel={t("common.next")}
          toReview={toReview}
          onBack={() => go("personInfo")}
          onAccept={(consents) => {
            updateDraft(flow, { consents: { ...getDraft(flow).consents, ...consents } });
            next("cooperativePartner");
          }}
        />
      );
    case "cooperativePartner":
      return (
        <CooperativePartner
          step={step}
          toReview={toReview}
          onDone={() => next("babyInfo")}
          onBack={() => go("termsAndConditions")}
        />
      );
    case "babyInfo":
      return (
        <BabyInfo
          step={step}
          toReview={toReview}
          onDone={() => go("lookingForward")}
          onBack={() => go("cooperativePartner")}
        />
      );
    case "lookingForward":
      return <LookingForward step={step} onSubmit={submit} onEdit={go} onBack={() => go("babyInfo")} />;
    case "memberRedemption":
      return (
        <MemberQr
          step={step}
          leadId={session.leadId}
          onRestart={() => go(ENTRY_STEP)}
          extra={(lead) =>
            lead && !lead.product_id ? (
              <div className="nu-notice">
                <p>{t("flows.handover.text")}</p>
                <div className="nu-actions">
                  <button type="button" className="nu-button" onClick={() => handOver(lead.id)}>
                    {t("flows.handover.button")}
                  </button>
                </div>
              </div>
            ) : null
          }
        />
      );
    default:
      return null;
  }
}
