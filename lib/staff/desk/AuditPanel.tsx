import { useState } from "react";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { TextField } from "../../ui/form/TextField.tsx";
import { formatHkDateTime } from "../format.ts";
import type { DeskApi } from "./deskApi.ts";
import { type DeskContext, DeskPanel, ListEnd, ListTable } from "./deskParts.tsx";
import { usePages } from "./usePages.ts";

/** The audit log (`GET /api/admin/audit`), newest first: who did what, to what, when, from where. */
export function AuditPanel({ ctx, api }: { ctx: DeskContext; api: DeskApi }) {
  const { t } = ctx;
  const [draft, setDraft] = useState("");
  const [action, setAction] = useState("");
  const query = action ? new URLSearchParams({ action }).toString() : "";
  const list = usePages(ctx, query, (cursor) => api.audit(query, cursor));
  return (
    <DeskPanel id="desk-audit" title={t("desk.audit.title")}>
      <StepForm
        name="desk-audit-filter"
        labelledBy="desk-audit"
        onSubmit={() => {
          setAction(draft.trim());
          return true;
        }}
      >
        <div className="nu-row">
          <TextField
            label={t("desk.audit.action")}
            hint={t("desk.audit.actionHint")}
            name="audit-action"
            value={draft}
            onChange={setDraft}
            autoComplete="off"
          />
          <SubmitButton secondary>{t("desk.audit.filter")}</SubmitButton>
        </div>
      </StepForm>
      <ListTable
        list={list}
        none={t("desk.audit.none")}
        label={t("desk.audit.table")}
        head={
          <>
            <th scope="col">{t("desk.audit.at")}</th>
            <th scope="col">{t("desk.audit.actor")}</th>
            <th scope="col">{t("desk.audit.action")}</th>
            <th scope="col">{t("desk.audit.target")}</th>
            <th scope="col">{t("desk.audit.ip")}</th>
            <th scope="col">{t("desk.audit.detail")}</th>
          </>
        }
        row={(entry) => (
          <tr key={String(entry.id)}>
            <td>{formatHkDateTime(entry.at)}</td>
            <td>{entry.actor}</td>
            <td>
              <code>{entry.action}</code>
            </td>
            <td>{entry.target ?? "—"}</td>
            <td>{entry.ip ?? "—"}</td>
            <td className="nu-desk-detail">
              <span className="nu-desk-sub">{detailText(entry.detail)}</span>
            </td>
          </tr>
        )}
      />
      <p className="nu-muted" role="status">
        {list.busy ? t("desk.loading") : ""}
      </p>
      <ErrorMessage message={list.failure} />
      <ListEnd ctx={ctx} list={list} />
    </DeskPanel>
  );
}

/** `{ rows: 12, filters: {...} }` → `rows: 12 · filters: {…}`: the detail as one readable line. */
function detailText(detail: unknown): string {
  if (detail == null) return "";
  if (typeof detail !== "object") return String(detail);
  return Object.entries(detail as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join(" · ");
}
