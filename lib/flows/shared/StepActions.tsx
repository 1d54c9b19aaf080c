import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { useFlow } from "./FlowContext.tsx";

/** The action row of a step: 上一步 (when going back is allowed) and the submit button. */
export function StepActions({ label, busy, back }: { label: string; busy?: boolean; back?: () => void }) {
  const { t } = useFlow();
  return (
    <div className="nu-actions">
      {back ? (
        <button type="button" className="nu-button nu-button--secondary nu-button--back" onClick={back}>
          {t("common.back")}
        </button>
      ) : null}
      <SubmitButton busy={busy} busyLabel={t("flows.working")}>
        {label}
      </SubmitButton>
    </div>
  );
}
