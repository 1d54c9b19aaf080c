import { StepForm } from "../../ui/form/StepForm.tsx";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { formatYmd } from "../format.ts";
import type { DeskApi } from "./deskApi.ts";
import { type DeskContext, DeskPanel, LoadedView, ScrollTable, useLoaded } from "./deskParts.tsx";
import { type DeskPlace, type Filters, filterQuery } from "./deskQuery.ts";
import { STEP_COLOURS } from "./deskStyles.ts";
import { FilterFields, useFilterDraft } from "./FilterFields.tsx";
import { conversion, FUNNEL_STEPS, type FunnelCounts, sumFunnel } from "./funnel.ts";

/**
 * The sign-up funnel (`GET /api/admin/funnel`): codes sent → e-mails verified → leads → redeemed,
 * in total as bars with each step's conversion, and per day as a small chart whose figures the
 * table below gives to everyone (the chart itself is hidden from screen readers).
 */
export function FunnelPanel(props: {
  ctx: DeskContext;
  api: DeskApi;
  place: DeskPlace;
  go: (place: DeskPlace) => void;
}) {
  const { ctx, api, place } = props;
  const { t } = ctx;
  const filters: Filters = {
    flow: place.filters.flow,
    from: place.filters.from,
    to: place.filters.to,
    partner: place.filters.partner,
  };
  const query = filterQuery(filters);
  const { state, reload } = useLoaded(ctx, query, () => api.funnel(query));
  const { draft, set } = useFilterDraft(filters);
  const label = (step: string) => t(`desk.funnel.${step as "leads"}`);
  return (
    <DeskPanel id="desk-funnel" title={t("desk.funnel.title")}>
      <StepForm
        name="desk-funnel-filters"
        labelledBy="desk-funnel"
        onSubmit={() => {
          props.go({ view: "funnel", filters: draft, cursors: [] });
          return true;
        }}
      >
        <div className="nu-desk-filters nu-desk-filters--four">
          <FilterFields ctx={ctx} draft={draft} set={set} prefix="funnel-" />
        </div>
        <div className="nu-actions">
          <SubmitButton>{t("desk.funnel.show")}</SubmitButton>
        </div>
      </StepForm>
      <LoadedView ctx={ctx} state={state} reload={reload}>
        {(rows) => {
          const { days, total } = sumFunnel(rows);
          if (days.length === 0) return <p>{t("desk.funnel.none")}</p>;
          const top = Math.max(1, ...FUNNEL_STEPS.map((s) => total[s]));
          const dayTop = Math.max(1, ...days.flatMap((d) => FUNNEL_STEPS.map((s) => d.counts[s])));
          return (
            <>
              <dl className="nu-desk-funnel" aria-label={t("desk.funnel.total")}>
                {FUNNEL_STEPS.map((step) => (
                  <div key={step} className="nu-desk-step">
                    <dt>{label(step)}</dt>
                    <dd className="nu-desk-track">
                      <div className="nu-desk-bar" style={{ width: `${(total[step] / top) * 100}%` }} />
                    </dd>
                    <dd>
                      <strong>{total[step]}</strong>
                      {conversion(total, step) ? (
                        <span className="nu-desk-sub">
                          {t("desk.funnel.of", { pct: conversion(total, step) })}
                        </span>
                      ) : null}
                    </dd>
                  </div>
                ))}
              </dl>
              <figure style={{ margin: 0 }}>
                <figcaption className="nu-muted">{t("desk.funnel.chart")}</figcaption>
                <div className="nu-desk-legend" aria-hidden="true">
                  {FUNNEL_STEPS.map((step, i) => (
                    <span key={step} style={{ "--c": STEP_COLOURS[i] } as Record<string, string>}>
                      {label(step)}
                    </span>
                  ))}
                </div>
                <div className="nu-desk-days" aria-hidden="true">
                  {days.map(({ day, counts }) => (
                    <div key={day} className="nu-desk-day" title={formatYmd(day)}>
                      {FUNNEL_STEPS.map((step, i) => (
                        <span
                          key={step}
                          style={{ height: `${(counts[step] / dayTop) * 100}%`, background: STEP_COLOURS[i] }}
                        />
                      ))}
                    </div>
                  ))}
                </div>
              </figure>
              <DayTable ctx={ctx} days={days} label={label} />
            </>
          );
        }}
      </LoadedView>
    </DeskPanel>
  );
}

function DayTable({
  ctx,
  days,
  label,
}: {
  ctx: DeskContext;
  days: { day: string; counts: FunnelCounts }[];
  label: (s: string) => string;
}) {
  const { t } = ctx;
  return (
    <ScrollTable label={t("desk.funnel.table")}>
      <table className="nu-desk-table">
        <caption>{t("desk.funnel.table")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("desk.funnel.day")}</th>
            {FUNNEL_STEPS.map((step) => (
              <th key={step} scope="col" className="nu-desk-num">
                {label(step)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map(({ day, counts }) => (
            <tr key={day}>
              <th scope="row">{formatYmd(day)}</th>
              {FUNNEL_STEPS.map((step) => (
                <td key={step} className="nu-desk-num">
                  {counts[step]}
                  {conversion(counts, step) ? (
                    <span className="nu-desk-sub">{conversion(counts, step)}</span>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
