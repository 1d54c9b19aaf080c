import { useEffect, useState } from "react";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { TextField } from "../../ui/form/TextField.tsx";
import { formatHkDateTime } from "../format.ts";
import { customerName, phoneText } from "../leadView.ts";
import type { DeskApi, DeskLead } from "./deskApi.ts";
import { type DeskContext, DeskLink, LoadedView, ScrollTable, SelectField, useLoaded } from "./deskParts.tsx";
import { type DeskPlace, type Filters, filterQuery } from "./deskQuery.ts";

const PAGE_SIZE = 50;

export function flowLabel(ctx: DeskContext, flow: string): string {
  return flow === "nuform" || flow === "recruitment" ? ctx.t(`desk.flow.${flow}`) : flow;
}

/** The search and filters, the list (newest first, masked), paging, and the export of what is selected. */
export function LeadList(props: {
  ctx: DeskContext;
  api: DeskApi;
  place: DeskPlace;
  go: (place: DeskPlace) => void;
  href: (place: DeskPlace) => string;
  download: (path: string, fallback: string) => Promise<string>;
}) {
  const { ctx, api, place, go } = props;
  const { t } = ctx;
  const [draft, setDraft] = useState<Filters>(place.filters);
  const query = filterQuery(place.filters, { limit: String(PAGE_SIZE) });
  const cursor = place.cursors.at(-1);
  const { state, reload } = useLoaded(ctx, `${query}|${cursor ?? ""}`, () => api.leads(query, cursor));
  // Back or a reload changes the place under the form: the form follows.
  useEffect(() => setDraft(place.filters), [place.filters]);

  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState("");
  const [exportFailure, setExportFailure] = useState("");
  const exportCsv = async () => {
    if (exporting) return;
    setExporting(true);
    setExported("");
    setExportFailure("");
    try {
      const name = await props.download(
        `admin/leads.csv?${filterQuery(place.filters, { lang: ctx.lang })}`,
        "leads.csv",
      );
      setExported(t("desk.exported", { file: name }));
    } catch (error) {
      setExportFailure(ctx.failure(error));
    } finally {
      setExporting(false);
    }
  };

  const set = (key: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const choice = (key: "marketing" | "redeemed") => [
    { value: "", label: t(`desk.${key}.any`) },
    { value: "true", label: t(`desk.${key}.true`) },
    { value: "false", label: t(`desk.${key}.false`) },
  ];

  return (
    <>
      <StepForm
        name="desk-filters"
        className="nu-panel nu-form"
        labelledBy="desk-filters"
        onSubmit={() => {
          go({ view: "leads", filters: draft, cursors: [] });
          return true;
        }}
      >
        <h2 className="nu-visually-hidden" id="desk-filters">
          {t("desk.filters")}
        </h2>
        <div className="nu-desk-filters">
          <div className="nu-desk-wide">
            <TextField
              label={t("desk.q")}
              hint={t("desk.qHint")}
              name="q"
              type="search"
              value={draft.q ?? ""}
              onChange={set("q")}
              autoComplete="off"
            />
          </div>
          <SelectField
            label={t("desk.flow")}
            name="flow"
            value={draft.flow ?? ""}
            onChange={set("flow")}
            options={[
              { value: "", label: t("desk.flow.any") },
              { value: "nuform", label: t("desk.flow.nuform") },
              { value: "recruitment", label: t("desk.flow.recruitment") },
            ]}
          />
          <TextField
            label={t("desk.from")}
            hint={t("desk.datesHint")}
            name="from"
            type="date"
            value={draft.from ?? ""}
            onChange={set("from")}
          />
          <TextField
            label={t("desk.to")}
            hint={t("desk.datesHint")}
            name="to"
            type="date"
            value={draft.to ?? ""}
            onChange={set("to")}
          />
          <TextField
            label={t("desk.partner")}
            name="partner"
            value={draft.partner ?? ""}
            onChange={set("partner")}
          />
          <SelectField
            label={t("desk.marketing")}
            name="marketing"
            value={draft.marketing ?? ""}
            onChange={set("marketing")}
            options={choice("marketing")}
          />
          <SelectField
            label={t("desk.redeemed")}
            name="redeemed"
            value={draft.redeemed ?? ""}
            onChange={set("redeemed")}
            options={choice("redeemed")}
          />
        </div>
        <div className="nu-actions">
          <SubmitButton>{t("desk.search")}</SubmitButton>
          <button
            type="button"
            className="nu-button nu-button--secondary"
            onClick={() => {
              setDraft({});
              go({ view: "leads", filters: {}, cursors: [] });
            }}
          >
            {t("desk.reset")}
          </button>
        </div>
      </StepForm>

      <section className="nu-panel" aria-labelledby="desk-results">
        <div className="nu-desk-toolbar">
          <h2 className="nu-panel-title" id="desk-results">
            {t("desk.results")} · {t("desk.page", { n: place.cursors.length + 1 })}
          </h2>
          <SubmitButton
            type="button"
            secondary
            busy={exporting}
            busyLabel={t("desk.exporting")}
            onPress={() => void exportCsv()}
          >
            {t("desk.export")}
          </SubmitButton>
        </div>
        <p className="nu-status nu-notice" role="status">
          {exported}
        </p>
        <ErrorMessage message={exportFailure} />
        <p className="nu-muted">{t("desk.masked")}</p>
        <LoadedView ctx={ctx} state={state} reload={reload}>
          {(page) => (
            <>
              {page.rows.length === 0 ? (
                <p>{t("desk.none")}</p>
              ) : (
                <LeadTable ctx={ctx} rows={page.rows} place={place} go={go} href={props.href} />
              )}
              <nav className="nu-desk-paging" aria-label={t("desk.results")}>
                {place.cursors.length > 0 ? (
                  <DeskLink
                    className="nu-button nu-button--secondary"
                    href={props.href({ ...place, cursors: place.cursors.slice(0, -1) })}
                    onFollow={() => go({ ...place, cursors: place.cursors.slice(0, -1) })}
                  >
                    {t("desk.previous")}
                  </DeskLink>
                ) : (
                  <span />
                )}
                {page.next ? (
                  <DeskLink
                    className="nu-button nu-button--secondary"
                    href={props.href({ ...place, cursors: [...place.cursors, page.next] })}
                    onFollow={() => go({ ...place, cursors: [...place.cursors, page.next as string] })}
                  >
                    {t("desk.next")}
                  </DeskLink>
                ) : null}
              </nav>
            </>
          )}
        </LoadedView>
      </section>
    </>
  );
}

function LeadTable(props: {
  ctx: DeskContext;
  rows: DeskLead[];
  place: DeskPlace;
  go: (place: DeskPlace) => void;
  href: (place: DeskPlace) => string;
}) {
  const { ctx, rows } = props;
  const { t } = ctx;
  const open = (id: string): DeskPlace => ({ ...props.place, view: "lead", id });
  return (
    <ScrollTable label={t("desk.results")}>
      <table className="nu-desk-table">
        <thead>
          <tr>
            <th scope="col">{t("desk.col.ref")}</th>
            <th scope="col">{t("desk.col.created")}</th>
            <th scope="col">{t("desk.col.customer")}</th>
            <th scope="col">{t("desk.col.flow")}</th>
            <th scope="col">{t("desk.col.marketing")}</th>
            <th scope="col">{t("desk.col.redeemed")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((lead) => (
            <tr key={lead.id}>
              <td>
                <DeskLink
                  className="nu-ref"
                  href={props.href(open(lead.id))}
                  onFollow={() => props.go(open(lead.id))}
                  label={t("desk.open", { ref: lead.id })}
                >
                  {lead.id}
                </DeskLink>
              </td>
              <td>{formatHkDateTime(lead.created_at)}</td>
              {lead.erased_at ? (
                <td className="nu-muted">{t("desk.erased")}</td>
              ) : (
                <td>
                  {customerName(lead)}
                  <span className="nu-desk-sub nu-desk-whole">{lead.email}</span>
                  <span className="nu-desk-sub nu-desk-whole">{phoneText(lead)}</span>
                </td>
              )}
              <td>{flowLabel(ctx, lead.flow)}</td>
              <td>{lead.marketing ? t("desk.yes") : t("desk.no")}</td>
              <td>{redeemedText(lead)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function redeemedText(lead: DeskLead): string {
  const first = (lead.redemptions ?? [])[0];
  return first ? formatHkDateTime(first.redeemed_at) : "—";
}
