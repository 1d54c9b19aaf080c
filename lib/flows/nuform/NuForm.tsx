import { useStore } from "@nanostores/react";
import type { Consents, TncKind } from "../../core/types.ts";
import { lazyElement } from "../../load/lazy.tsx";
import { $flags } from "../../state/index.ts";
import { IncompleteError } from "../shared/customerSignIn.ts";
import { type FlowProps, useFlow } from "../shared/FlowContext.tsx";
import { flowComponent } from "../shared/flowComponent.tsx";
import { getDraft, updateDraft } from "../shared/flowDraft.ts";
import { flowSession } from "../shared/flowSession.ts";
import {
  loadLeadSubmit,
  loadPersonValidation,
  MemberQr,
  PersonInfo,
  submitModules,
  Terms,
  useLaterSteps,
} from "../shared/lazySteps.ts";
import { ENTRY_STEP } from "../shared/stepPaths.ts";
import { termsKind } from "../shared/termsKind.ts";
import { NuformEntry, ResidenceQuestion } from "./NuformEntry.tsx";
import { NUFORM_FLOW_STEPS, NUFORM_PROGRESS, NUFORM_TERMS_STEP } from "./steps.ts";

export type NuFormProps = FlowProps;

const ProductStep = lazyElement(() => import("./ProductStep.tsx").then((m) => m.ProductStep));
const LATER_STEPS = [ResidenceQuestion, PersonInfo, Terms, ProductStep, MemberQr, submitModules];
const TNC_KINDS = Object.keys(NUFORM_TERMS_STEP) as TncKind[];

/**
 * The nuForm flow (`<nu-form>`): sign-in and residence → personal info (Hong Kong or mainland) →
 * terms (new, existing or partnership; accepting creates the lead) → product → member redemption.
 * docs/flows.md explains the choices.
 */
export const NuForm = flowComponent("nuform", NUFORM_FLOW_STEPS, NUFORM_PROGRESS, NuformStep);

function NuformStep({ step }: { step: string }) {
  const { api, flow, go, emit, t } = useFlow();
  useLaterSteps(flow, step, LATER_STEPS);
  const session = useStore(flowSession(flow));
  useStore($flags);

  const toPerson = () => go(getDraft(flow).residence === "CN" ? "personInfoCN" : "personInfoHK");
  const toTerms = () => go(NUFORM_TERMS_STEP[termsKind(getDraft(flow), session.existing === "true")]);

  const accept = (tnc: TncKind) => async (consents: Consents) => {
    updateDraft(flow, { consents });
    const draft = getDraft(flow);
    const [{ validatePerson }, { createLeadOnce, leadBody, leadCreated }] = await Promise.all([
      loadPersonValidation(),
      loadLeadSubmit(),
    ]);
    const person = validatePerson(draft, draft.residence === "CN" ? "CN" : "HK", t);
    if (Object.values(person.errors).some(Boolean) || person.addressIncomplete) {
      throw new IncompleteError(t("flows.terms.personIncomplete"));
    }
    const leadId = await createLeadOnce(
      api,
      leadBody(flow, draft, session.email ?? "", tnc),
      draft.idempotencyKey,
    );
    leadCreated(flow, leadId);
    emit("nu-submit", { leadId });
    go("product");
  };

  switch (step) {
    case ENTRY_STEP:
      return <NuformEntry />;
    case "personInfoHK":
    case "personInfoCN":
      return (
        <PersonInfo
          key={step}
          variant={step === "personInfoCN" ? "CN" : "HK"}
          step={step}
          onDone={toTerms}
          onBack={() => go(ENTRY_STEP)}
        />
      );
    case NUFORM_TERMS_STEP.new:
    case NUFORM_TERMS_STEP.existing:
    case NUFORM_TERMS_STEP.partnership: {
      const kind = TNC_KINDS.find((tnc) => NUFORM_TERMS_STEP[tnc] === step) as TncKind;
      return (
        <Terms
          key={step}
          text={kind}
          step={step}
          submitLabel={t("flows.terms.accept")}
          onAccept={accept(kind)}
          onBack={toPerson}
        />
      );
    }
    case "product":
      return <ProductStep step={step} onDone={() => go("memberRedemption")} />;
    case "memberRedemption":
      return <MemberQr step={step} leadId={session.leadId} onRestart={() => go(ENTRY_STEP)} />;
    default:
      return null;
  }
}
