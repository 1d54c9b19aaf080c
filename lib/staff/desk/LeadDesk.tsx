import { useCallback, useMemo, useRef } from "react";
import { resolveConfig } from "../../config.ts";
import type { LeadPatch } from "../../core/types.ts";
import { baseSheet } from "../../ui/base.ts";
import { useStyles } from "../../ui/styles.ts";
import { normaliseLang } from "../../ui/useT.ts";
import type { StaffEventDetails } from "../events.ts";
import { $flags } from "../staffSession.ts";
import { staffSheet } from "../styles.ts";
import { type StaffApiProps, useStaffApi } from "../useStaffApi.ts";
import { AuditPanel } from "./AuditPanel.tsx";
import { deskApi, fetchFile, saveFile } from "./deskApi.ts";
import { DeskLink, deskContext } from "./deskParts.tsx";
import { type DeskPlace, type DeskView, placeQuery, readPlace } from "./deskQuery.ts";
import { deskSheet } from "./deskStyles.ts";
import { FunnelPanel } from "./FunnelPanel.tsx";
import { LeadCard } from "./LeadCard.tsx";
import { LeadList } from "./LeadList.tsx";
import { WebhookPanel } from "./WebhookPanel.tsx";

/** Props of `<nu-lead-desk>`: documented once, in lib/elements/staff.docs.ts. */
export interface LeadDeskProps extends StaffApiProps {
  /** The page's query (`?q=…&cursor=…`, `?id=…`, `?tab=audit`): where the desk is. */
  query?: string;
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

const TABS: {
  view: DeskView;
  key: "desk.tab.leads" | "desk.tab.funnel" | "desk.tab.audit" | "desk.tab.webhooks";
}[] = [
  { view: "leads", key: "desk.tab.leads" },
  { view: "funnel", key: "desk.tab.funnel" },
  { view: "audit", key: "desk.tab.audit" },
  { view: "webhooks", key: "desk.tab.webhooks" },
];

/** `/staff/leads?…` for a place (the desk's own URL; a page may map the `leads` step elsewhere). */
function placePath(place: DeskPlace): string {
  const query = new URLSearchParams(placeQuery(place)).toString();
  return `/staff/leads${query ? `?${query}` : ""}`;
}

/**
 * The lead desk (admins; docs/lead-desk.md): the leads with search, filters, paging and export, a
 * lead in full with the acts on it, the funnel, the audit log and the webhook deliveries. Its
 * place is the page's query: it asks the page to move (`nu-step` with `path`), never moves itself.
 */
export function LeadDesk(props: LeadDeskProps) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, staffSheet, deskSheet);
  const { client, lang, emit, endedSession } = useStaffApi(ref, props);
  const ctx = useMemo(() => deskContext(lang, endedSession), [lang, endedSession]);
  const api = useMemo(() => deskApi(client), [client]);
  const place = useMemo(() => readPlace(props.query ?? ""), [props.query]);
  const go = useCallback(
    (next: DeskPlace) => emit("nu-step", { step: "leads", path: placePath(next) }),
    [emit],
  );

  /** Fetches an API file with the key and the staff token, and saves it: the file's name. */
  const download = useCallback(
    async (path: string, fallback: string) => {
      const config = resolveConfig({ apiBase: props.apiBase, apiKey: props.apiKey });
      const headers: Record<string, string> = { "x-api-key": config.apiKey };
      const token = $flags.get().Token;
      if (token) headers.Authorization = `Bearer ${token}`;
      const file = await fetchFile(`${config.apiBase.replace(/\/+$/, "")}/${path}`, headers, fallback);
      saveFile(file.blob, file.name);
      return file.name;
    },
    [props.apiBase, props.apiKey],
  );
  const patchLead = useCallback((patch: LeadPatch) => client.patchLead(patch), [client]);
  const { t } = ctx;
  const listPlace: DeskPlace = { ...place, view: "leads", id: undefined };
  const tabView = place.view === "lead" ? "leads" : place.view;

  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
      {styles}
      <nav className="nu-desk-tabs" aria-label={t("desk.nav")}>
        {TABS.map((tab) => {
          const target: DeskPlace =
            tab.view === "leads" ? listPlace : { view: tab.view, filters: place.filters, cursors: [] };
          return (
            <DeskLink
              key={tab.view}
              className="nu-desk-tab"
              href={placePath(target)}
              current={tabView === tab.view}
              onFollow={() => go(target)}
            >
              {t(tab.key)}
            </DeskLink>
          );
        })}
      </nav>
      {place.view === "lead" && place.id ? (
        <LeadCard
          ctx={ctx}
          api={api}
          id={place.id}
          back={listPlace}
          go={go}
          href={placePath}
          download={download}
          patchLead={patchLead}
        />
      ) : place.view === "funnel" ? (
        <FunnelPanel ctx={ctx} api={api} place={place} go={go} />
      ) : place.view === "audit" ? (
        <AuditPanel ctx={ctx} api={api} />
      ) : place.view === "webhooks" ? (
        <WebhookPanel ctx={ctx} api={api} />
      ) : (
        <LeadList ctx={ctx} api={api} place={place} go={go} href={placePath} download={download} />
      )}
    </div>
  );
}
