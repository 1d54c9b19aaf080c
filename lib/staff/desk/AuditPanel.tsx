import { useState } from "react";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { TextField } from "../../ui/form/TextField.tsx";
import { formatHkDateTime } from "../format.ts";
import type { DeskApi } from "./deskApi.ts";
import { type DeskContext, ScrollTable } from "./deskParts.tsx";
import { usePages } from "./usePages.ts";

/** The audit log (`GET /api/admin/audit`), newest first: who did what, to what, when, from where. */
export function AuditPanel({ ctx, api }: { ctx: DeskContext; api: DeskApi }) {
  const { t } = ctx;
  const [draft, setDraft] = useState("");
  const [action, setAction] = useState("");
  const query = action ? new URLSearchParams({ action }).toString() : "";
  const list = usePages(ctx, query, (cursor) => api.audit(query, cursor));
  return (
    <section className="nu-panel" aria-labelledby="desk-audit">
      <h2 className="nu-panel-title" id="desk-audit">
        {t("desk.audit.title")}
      </h2>
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
      {list.rows.length === 0 && !list.busy && !list.failure ? <p>{t("desk.audit.none")}</p> : null}
      {list.rows.length > 0 ? (
        <ScrollTable label={t("desk.audit.table")}>
          <table className="nu-desk-table">
            <thead>
              <tr>
                <th scope="col">{t("desk.audit.at")}</th>
                <th scope="col">{t("desk.audit.actor")}</th>
                <th scope="col">{t("desk.audit.action")}</th>
                <th scope="col">{t("desk.audit.target")}</th>
                <th scope="col">{t("desk.audit.ip")}</th>
                <th scope="col">{t("desk.audit.detail")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((entry) => (
                <tr key={String(entry.id)}>
                  <td>{formatHkDateTime(entry.at)}</td>
                  <td>{entry.actor}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>{entry.target ?? "—"}</td>
                  <td>{entry.ip ?? "—"}</td>
                  <td>
                    <span className="nu-desk-sub">{detailText(entry.detail)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
      <p className="nu-muted" role="status">
        {list.busy ? t("desk.loading") : ""}
      </p>
      <ErrorMessage message={list.failure} />
      {list.failure ? (
        <div className="nu-actions">
          <button type="button" className="nu-button nu-button--secondary" onClick={list.reload}>
            {t("desk.retry")}
          </button>
        </div>
      ) : null}
      {list.next ? (
        <div className="nu-actions">
          <SubmitButton type="button" secondary busy={list.busy} onPress={list.more}>
            {t("desk.more")}
          </SubmitButton>
        </div>
      ) : null}
    </section>
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
