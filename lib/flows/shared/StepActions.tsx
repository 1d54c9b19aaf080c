import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { useFlow } from "./FlowContext.tsx";

export interface StepActionsProps {
  label: string;
  busy?: boolean;
  back?: () => void;
  /** The submit returns to the review page (a step opened with its 修改): it says so instead. */
  toReview?: boolean;
}

/** The action row of a step: 上一步 (when going back is allowed) and the submit button. */
export function StepActions({ label, busy, back, toReview }: StepActionsProps) {
  const { t } = useFlow();
  return (
    <div className="nu-actions">
      {back ? (
        <button type="button" className="nu-button nu-button--secondary nu-button--back" onClick={back}>
          {t("common.back")}
        </button>
      ) : null}
      <SubmitButton busy={busy} busyLabel={t("flows.working")}>
        {toReview ? t("flows.review.backToReview") : label}
      </SubmitButton>
    </div>
  );
}
