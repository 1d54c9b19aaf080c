import { useFlow } from "./FlowContext.tsx";

/**
 * The sign-in step's introduction: what the flow gives and how long it takes (the flow's own
 * text), then what to do first. The step's heading says the task, the host page's the form.
 */
export function SignInIntro({ flowIntro }: { flowIntro: string }) {
  const { t } = useFlow();
  return (
    <>
      <p className="nu-step-lead">{flowIntro}</p>
      <p>{t("flows.login.intro")}</p>
    </>
  );
}
