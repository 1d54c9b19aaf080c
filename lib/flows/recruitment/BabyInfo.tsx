import { useCallback, useState } from "react";
import { fromEnGB, toEnGB } from "../../core/dates.ts";
import { nameIn } from "../../core/personName.ts";
import type { BabyInfo as Baby, HospitalType } from "../../core/types.ts";
import { ListStatus } from "../../ui/form/ListStatus.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { useIds } from "../../ui/ids.ts";
import { DatePicker } from "../../widgets/DatePicker.tsx";
import { RadioGroup } from "../../widgets/RadioGroup.tsx";
import { Select } from "../../widgets/Select.tsx";
import { useFlow } from "../shared/FlowContext.tsx";
import { useDraft } from "../shared/flowDraft.ts";
import { laterStepSheet } from "../shared/laterStyles.ts";
import { StepActions } from "../shared/StepActions.tsx";
import { StepLayout } from "../shared/StepLayout.tsx";
import { useList } from "../shared/useList.ts";
import { BABY_DATE_DAYS, babyDateInRange } from "./babyDate.ts";

type BabyField = "status" | "date" | "hospital_type" | "hospital_id";

/**
 * Baby information: expecting (due date) or born (birth date) through the calendar, whose range
 * follows the status; hospital type and the hospital from GET /api/hospital_list?type=.
 */
export function BabyInfo({
  step,
  toReview,
  onDone,
  onBack,
}: {
  step: string;
  /** After a 修改 on the review page: the submit returns there (StepActions). */
  toReview?: boolean;
  onDone: () => void;
  onBack?: () => void;
}) {
  const { api, flow, t, lang, progress } = useFlow();
  const [draft, setDraft] = useDraft(flow);
  const ids = useIds("heading");
  const baby = draft.baby;
  const [errors, setErrors] = useState<Partial<Record<BabyField, string>>>({});
  const type = baby.hospital_type;
  const {
    items: hospitals,
    error,
    retry,
  } = useList(
    useCallback(() => (type ? api.hospitals(type) : Promise.resolve([])), [api, type]),
    lang,
  );

  const update = (patch: Partial<Baby>, field: BabyField) => {
    setDraft({ baby: { ...baby, ...patch } });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const submit = () => {
    // Each is a choice: its error says 請選擇… (docs/hong-kong.md).
    const next: Partial<Record<BabyField, string>> = {};
    if (!baby.status) next.status = t("flows.baby.statusRequired");
    if (!baby.date)
      next.date = t(baby.status === "born" ? "flows.baby.birthDateRequired" : "flows.baby.dueDateRequired");
    else if (baby.status && !babyDateInRange(baby.status, baby.date))
      next.date = t("flows.baby.dateOutOfRange");
    if (!baby.hospital_type) next.hospital_type = t("flows.baby.hospitalTypeRequired");
    if (!baby.hospital_id) next.hospital_id = t("flows.baby.hospitalRequired");
    setErrors(next);
    if (Object.values(next).some(Boolean)) return false;
    onDone();
    return true;
  };

  const status = baby.status;
  const days = status ? BABY_DATE_DAYS[status] : null;
  const hospitalName = (h: { cn_name: string; en_name: string }) => nameIn(lang, h.cn_name, h.en_name);

  return (
    <StepLayout
      sheet={laterStepSheet}
      headingId={ids.heading}
      title={t("flows.baby.title")}
      progress={progress(step)}
      intro={t("flows.baby.intro")}
    >
      <StepForm name="baby-info" labelledBy={ids.heading} onSubmit={submit}>
        <RadioGroup
          lang={lang}
          label={t("flows.baby.status")}
          name="baby-status"
          required
          value={status ?? ""}
          error={errors.status}
          options={[
            { value: "expecting", label: t("flows.baby.expecting") },
            { value: "born", label: t("flows.baby.born") },
          ]}
          onNuChange={({ value }) => {
            const nextStatus = value as Baby["status"];
            // A date chosen for the other status is kept only if it also fits this one.
            const keep = baby.date && babyDateInRange(nextStatus, baby.date) ? baby.date : undefined;
            setDraft({ baby: { ...baby, status: nextStatus, date: keep } });
            setErrors({ ...errors, status: undefined });
          }}
        />
        {days ? (
          <DatePicker
            key={status}
            lang={lang}
            label={status === "born" ? t("flows.baby.birthDate") : t("flows.baby.dueDate")}
            name={status === "born" ? "birth-date" : "due-date"}
            required
            minDays={days.minDays}
            maxDays={days.maxDays}
            value={toEnGB(baby.date ?? "")}
            error={errors.date}
            onNuChange={({ value }) => update({ date: fromEnGB(value) ?? undefined }, "date")}
          />
        ) : null}
        <RadioGroup
          lang={lang}
          label={t("flows.baby.hospitalType")}
          name="hospital-type"
          required
          layout="row"
          value={type ?? ""}
          error={errors.hospital_type}
          options={[
            { value: "Public", label: t("flows.baby.public") },
            { value: "Private", label: t("flows.baby.private") },
          ]}
          onNuChange={({ value }) => {
            setDraft({
              baby: { ...baby, hospital_type: value as HospitalType, hospital_id: undefined },
              labels: { ...draft.labels, hospital: undefined },
            });
            // The hospital field appears now: not red before the customer has had a chance to use it.
            setErrors({ ...errors, hospital_type: undefined, hospital_id: undefined });
          }}
        />
        {type ? (
          <>
            <ListStatus loading={hospitals === null} error={error} retry={retry} lang={lang} />
            {hospitals ? (
              <Select
                lang={lang}
                label={t("flows.baby.hospital")}
                name="hospital"
                required
                value={baby.hospital_id ? String(baby.hospital_id) : ""}
                error={errors.hospital_id}
                options={hospitals.map((h) => ({ value: String(h.id), label: hospitalName(h) }))}
                onNuChange={({ value }) => {
                  const hospital = hospitals.find((h) => String(h.id) === value);
                  setDraft({
                    baby: { ...baby, hospital_id: value ? Number(value) : undefined },
                    labels: {
                      ...draft.labels,
                      hospital: hospital ? { zh: hospital.cn_name, en: hospital.en_name } : undefined,
                    },
                  });
                  if (errors.hospital_id) setErrors({ ...errors, hospital_id: undefined });
                }}
              />
            ) : null}
          </>
        ) : null}
        <StepActions label={t("common.next")} back={onBack} toReview={toReview} />
      </StepForm>
    </StepLayout>
  );
}
