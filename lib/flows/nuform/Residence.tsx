import { useState } from "react";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { RadioGroup } from "../../widgets/RadioGroup.tsx";
import { useFlow } from "../shared/FlowContext.tsx";
import { useDraft } from "../shared/flowDraft.ts";

/**
 * nuForm's residence question (香港 / 中國內地), asked once signed in: it decides which
 * personal-info page follows. A chunk of its own (NuformEntry.tsx), so the radio group is not in
 * the bytes the e-mail field waits for.
 */
export function Residence({ labelledBy }: { labelledBy: string; lang: string }) {
  const { flow, t, lang, go } = useFlow();
  const [draft, setDraft] = useDraft(flow);
  const [error, setError] = useState("");

  const choose = () => {
    if (draft.residence !== "HK" && draft.residence !== "CN") {
      setError(t("flows.residence.required"));
      return false;
    }
    go(draft.residence === "HK" ? "personInfoHK" : "personInfoCN");
    return true;
  };

  return (
    <StepForm name="residence" labelledBy={labelledBy} onSubmit={choose}>
      <RadioGroup
        lang={lang}
        label={t("flows.residence.label")}
        name="residence"
        required
        value={draft.residence}
        error={error}
        options={[
          { value: "HK", label: t("flows.residence.HK") },
          { value: "CN", label: t("flows.residence.CN") },
        ]}
        onNuChange={({ value }) => {
          setError("");
          setDraft({ residence: value as "HK" | "CN" });
        }}
      />
      <div className="nu-actions">
        <button type="submit" className="nu-button">
          {t("common.next")}
        </button>
      </div>
    </StepForm>
  );
}
