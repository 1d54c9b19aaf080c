import { useState } from "react";
import { TextField } from "../../ui/form/TextField.tsx";
import { type DeskContext, SelectField } from "./deskParts.tsx";
import type { Filters } from "./deskQuery.ts";

/** The filters being edited (applied only on submit), and a setter per field. */
export function useFilterDraft(initial: Filters) {
  const [draft, setDraft] = useState<Filters>(initial);
  const set = (key: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  return { draft, setDraft, set };
}

/**
 * The filters the lead list and the funnel share: flow, created from and to (Hong Kong days) and
 * partner. `prefix` keeps two panels' field names apart.
 */
export function FilterFields(props: {
  ctx: DeskContext;
  draft: Filters;
  set: (key: keyof Filters) => (value: string) => void;
  prefix?: string;
}) {
  const { ctx, draft, set, prefix = "" } = props;
  const { t } = ctx;
  const day = (key: "from" | "to") => (
    <TextField
      label={t(`desk.${key}`)}
      hint={t("desk.datesHint")}
      name={`${prefix}${key}`}
      type="date"
      value={draft[key] ?? ""}
      onChange={set(key)}
    />
  );
  return (
    <>
      <SelectField
        label={t("desk.flow")}
        name={`${prefix}flow`}
        value={draft.flow ?? ""}
        onChange={set("flow")}
        options={[
          { value: "", label: t("desk.flow.any") },
          { value: "nuform", label: t("desk.flow.nuform") },
          { value: "recruitment", label: t("desk.flow.recruitment") },
        ]}
      />
      {day("from")}
      {day("to")}
      <TextField
        label={t("desk.partner")}
        name={`${prefix}partner`}
        value={draft.partner ?? ""}
        onChange={set("partner")}
      />
    </>
  );
}
