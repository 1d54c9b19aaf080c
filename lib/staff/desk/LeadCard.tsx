import type { ReactNode } from "react";
import type { Lead, LeadPatch } from "../../core/types.ts";
import { formatHkDateTime } from "../format.ts";
import { Facts } from "../LeadParts.tsx";
import { customerName, phoneText, residenceText } from "../leadView.ts";
import { CorrectLead } from "./CorrectLead.tsx";
import type { DeskLeadDetail as Card, DeskApi } from "./deskApi.ts";
import { type DeskContext, DeskLink, LoadedView, ScrollTable, useLoaded } from "./deskParts.tsx";
import type { DeskPlace } from "./deskQuery.ts";
import { flowLabel } from "./LeadList.tsx";
import { MarketingOptOut } from "./MarketingOptOut.tsx";
import { SubjectActions } from "./SubjectActions.tsx";

/**
 * One lead in full (`GET /api/admin/leads/:id`, which the server records as a view in the audit
 * log): details, consent history with its channel, changes and redemptions; then the admin's acts
 * on it: correct, withdraw the marketing consent, the person's access export and erasure.
 */
export function LeadCard(props: {
  ctx: DeskContext;
  api: DeskApi;
  id: string;
  back: DeskPlace;
  go: (place: DeskPlace) => void;
  href: (place: DeskPlace) => string;
  download: (path: string, fallback: string) => Promise<string>;
  patchLead: (patch: LeadPatch) => Promise<Lead>;
}) {
  const { ctx, api, id } = props;
  const { t } = ctx;
  const { state, reload } = useLoaded(ctx, id, () => api.lead(id));
  return (
    <>
      <p>
        <DeskLink
          className="nu-link-button"
          href={props.href(props.back)}
          onFollow={() => props.go(props.back)}
        >
          <span aria-hidden="true">‹ </span>
          {t("desk.backToList")}
        </DeskLink>
      </p>
      <LoadedView ctx={ctx} state={state} reload={reload}>
        {(card) => (
          <>
            <Details ctx={ctx} card={card} />
            <History ctx={ctx} card={card} />
            {/* An erased lead holds no one to correct, ask or erase again. */}
            {card.erased_at ? null : (
              <>
                <CorrectLead ctx={ctx} lead={card.lead} patchLead={props.patchLead} onSaved={reload} />
                <MarketingOptOut ctx={ctx} api={api} card={card} onDone={reload} />
                <SubjectActions
                  ctx={ctx}
                  api={api}
                  email={card.lead.email}
                  download={props.download}
                  onErased={reload}
                />
              </>
            )}
          </>
        )}
      </LoadedView>
    </>
  );
}

function Details({ ctx, card }: { ctx: DeskContext; card: Card }) {
  const { t, lang } = ctx;
  const { lead } = card;
  const documents = (lead.consents?.documents ?? []).map((d) => `${d.kind} ${d.version}`).join("、");
  return (
    <section className="nu-panel" aria-labelledby="desk-lead-title">
      <h2 className="nu-panel-title" id="desk-lead-title">
        {t("desk.lead.title", { ref: lead.id })}
      </h2>
      <p className="nu-muted">{t("desk.lead.audited")}</p>
      {card.erased_at ? (
        <p className="nu-notice">{t("desk.erasedOn", { at: formatHkDateTime(card.erased_at) })}</p>
      ) : null}
      <Facts
        facts={[
          ...(card.erased_at
            ? []
            : ([
                [t("desk.lead.name"), customerName(lead)],
                [t("desk.lead.email"), lead.email],
                [t("desk.lead.phone"), phoneText(lead)],
                [t("desk.lead.residence"), residenceText(lead, lang)],
              ] as [string, string][])),
          [t("desk.lead.flow"), flowLabel(ctx, lead.flow)],
          [t("desk.lead.created"), formatHkDateTime(lead.created_at)],
          [t("desk.lead.updated"), formatHkDateTime(lead.updated_at)],
          [t("desk.lead.partner"), lead.partner ?? ""],
          [t("desk.lead.product"), lead.product_id ?? ""],
          [t("desk.lead.documents"), documents],
          [t("desk.lead.marketing"), card.marketing ? t("desk.yes") : t("desk.no")],
        ]}
      />
    </section>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <ScrollTable label={caption}>
      <table className="nu-desk-table">
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed answer, never reordered.
            <tr key={row}>
              {cells.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function History({ ctx, card }: { ctx: DeskContext; card: Card }) {
  const { t } = ctx;
  const channel = (name: string) =>
    ["form", "unsubscribe", "staff", "admin", "migration"].includes(name)
      ? t(`desk.channel.${name as "form"}`)
      : name;
  const redemptions = card.lead.redemptions ?? [];
  return (
    // Not a landmark of its own: each table is a region named like its heading.
    <div className="nu-panel">
      <h2 className="nu-panel-title">{t("desk.lead.consents")}</h2>
      {card.consents.length === 0 ? (
        <p>{t("desk.lead.noConsents")}</p>
      ) : (
        <Table
          caption={t("desk.lead.consents")}
          head={[
            t("desk.lead.at"),
            t("desk.lead.what"),
            t("desk.lead.channel"),
            t("desk.lead.actor"),
            t("desk.lead.wording"),
          ]}
          rows={card.consents.map((c) => [
            formatHkDateTime(c.at),
            `${t("desk.marketing")}：${c.given ? t("desk.lead.consentGiven") : t("desk.lead.consentWithdrawn")}`,
            channel(c.channel),
            c.actor,
            c.wording_hash ? `${c.wording_hash.slice(0, 10)}${c.lang ? ` (${c.lang})` : ""}` : "—",
          ])}
        />
      )}
      <h2 className="nu-panel-title">{t("desk.lead.changes")}</h2>
      {card.changes.length === 0 ? (
        <p>{t("desk.lead.noChanges")}</p>
      ) : (
        <Table
          caption={t("desk.lead.changes")}
          head={[t("desk.lead.at"), t("desk.lead.changedBy"), t("desk.lead.changedFields")]}
          rows={card.changes.map((c) => [
            formatHkDateTime(c.changed_at),
            c.staff_id ?? t("desk.lead.customer"),
            c.fields.join(", "),
          ])}
        />
      )}
      <h2 className="nu-panel-title">{t("desk.lead.redemptions")}</h2>
      {redemptions.length === 0 ? (
        <p>{t("desk.lead.noRedemptions")}</p>
      ) : (
        <Table
          caption={t("desk.lead.redemptions")}
          head={[t("desk.lead.at"), t("desk.lead.kind"), t("desk.lead.by")]}
          rows={redemptions.map((r) => [
            formatHkDateTime(r.redeemed_at),
            t(r.kind === "nutritionist" ? "desk.kind.nutritionist" : "desk.kind.gift"),
            r.staff_name ? `${r.staff_name} (${r.staff_id})` : r.staff_id,
          ])}
        />
      )}
    </div>
  );
}
