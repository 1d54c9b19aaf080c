import { useEffect } from "react";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { TextField } from "../../ui/form/TextField.tsx";
import { formatHkDateTime } from "../format.ts";
import { customerName, phoneText } from "../leadView.ts";
import type { DeskApi, DeskLead } from "./deskApi.ts";
import {
  ActionButton,
  type DeskContext,
  DeskLink,
  DeskPanel,
  LoadedView,
  ScrollTable,
  SelectField,
  useLoaded,
} from "./deskParts.tsx";
import { type DeskPlace, filterQuery } from "./deskQuery.ts";
import { FilterFields, useFilterDraft } from "./FilterFields.tsx";
import { useAction } from "./useAction.ts";

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
  const { draft, setDraft, set } = useFilterDraft(place.filters);
  const query = filterQuery(place.filters, { limit: String(PAGE_SIZE) });
  const cursor = place.cursors.at(-1);
  const { state, reload } = useLoaded(ctx, `${query}|${cursor ?? ""}`, () => api.leads(query, cursor));
  // Back or a reload changes the place under the form: the form follows.
  useEffect(() => setDraft(place.filters), [place.filters, setDraft]);

  const exporting = useAction<"export">(ctx);
  const exportCsv = () =>
    exporting.act("export", async () => {
      const path = `admin/leads.csv?${filterQuery(place.filters, { lang: ctx.lang })}`;
      return t("desk.exported", { file: await props.download(path, "leads.csv") });
    });

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
          <FilterFields ctx={ctx} draft={draft} set={set} />
          {(["marketing", "redeemed"] as const).map((key) => (
            <SelectField
              key={key}
              label={t(`desk.${key}`)}
              name={key}
              value={draft[key] ?? ""}
              onChange={set(key)}
              options={choice(key)}
            />
          ))}
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

      <DeskPanel
        id="desk-results"
        title={`${t("desk.results")} · ${t("desk.page", { n: place.cursors.length + 1 })}`}
        action={
          <ActionButton
            name="export"
            busy={exporting.busy}
            busyLabel={t("desk.exporting")}
            onPress={() => void exportCsv()}
          >
            {t("desk.export")}
          </ActionButton>
        }
      >
        <p className="nu-status nu-notice" role="status">
          {exporting.done}
        </p>
        <ErrorMessage message={exporting.failure} />
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
      </DeskPanel>
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
