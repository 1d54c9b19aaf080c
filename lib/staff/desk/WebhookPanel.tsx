import { useEffect, useState } from "react";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { formatHkDateTime } from "../format.ts";
import type { Delivery, DeskApi } from "./deskApi.ts";
import { ActionButton, type DeskContext, DeskPanel, ListEnd, ListTable } from "./deskParts.tsx";
import { useAction } from "./useAction.ts";
import { usePages } from "./usePages.ts";

/** How often the log is read again while a delivery is due or a test event is awaited. */
const REFRESH_MS = 2000;
/** How long a test event's delivery is waited for (none comes when no endpoint is set). */
const AWAIT_TEST_MS = 20_000;

/**
 * The webhook delivery log (`GET /api/admin/webhooks/deliveries`), newest first: each delivery's
 * state, attempts, last answer and next try; a retry for one that failed or stopped, and a test
 * event to every endpoint. While a delivery is pending and due within a minute, or a test event
 * has not yet been fanned out, the log reads itself again every 2 s, so a row turns delivered on
 * its own.
 */
export function WebhookPanel({ ctx, api }: { ctx: DeskContext; api: DeskApi }) {
  const { t } = ctx;
  const list = usePages(ctx, "", (cursor) => api.deliveries(cursor));
  const { busy, done, failure, act } = useAction<string>(ctx);
  const [awaited, setAwaited] = useState<{ event: string; until: number } | null>(null);
  const due = (d: Delivery) =>
    d.state === "pending" && (d.next_at === null || Date.parse(d.next_at) < Date.now() + 60_000);
  const shouldRefresh =
    list.rows.some(due) ||
    (awaited !== null && Date.now() < awaited.until && !list.rows.some((d) => d.event_id === awaited.event));
  // biome-ignore lint/correctness/useExhaustiveDependencies: each finished read (busy false) decides again.
  useEffect(() => {
    if (!shouldRefresh || list.busy) return;
    const timer = setTimeout(list.reload, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [shouldRefresh, list.busy, list.rows]);
  const retry = (delivery: Delivery) =>
    act(String(delivery.id), async () => {
      const updated = await api.retryDelivery(delivery.id);
      if (updated) list.setRows((rows) => rows.map((row) => (row.id === delivery.id ? updated : row)));
      return t("desk.hooks.retried");
    });
  const test = () =>
    act("test", async () => {
      const sent = await api.testWebhook();
      if (sent) setAwaited({ event: sent.event_id, until: Date.now() + AWAIT_TEST_MS });
      list.reload();
      return t("desk.hooks.tested", { id: sent?.event_id ?? "" });
    });
  return (
    <DeskPanel
      id="desk-hooks"
      title={t("desk.hooks.title")}
      action={
        <ActionButton name="test" busy={busy} onPress={() => void test()}>
          {t("desk.hooks.test")}
        </ActionButton>
      }
    >
      <p className="nu-status nu-notice" role="status">
        {done}
      </p>
      <ErrorMessage message={failure || list.failure} />
      <ListTable
        list={list}
        none={t("desk.hooks.none")}
        label={t("desk.hooks.table")}
        head={
          <>
            <th scope="col">{t("desk.hooks.event")}</th>
            <th scope="col">{t("desk.hooks.endpoint")}</th>
            <th scope="col">{t("desk.hooks.state")}</th>
            <th scope="col" className="nu-desk-num">
              {t("desk.hooks.attempts")}
            </th>
            <th scope="col">{t("desk.hooks.last")}</th>
            <th scope="col">{t("desk.hooks.next")}</th>
            <th scope="col">
              <span className="nu-visually-hidden">{t("desk.hooks.retry")}</span>
            </th>
          </>
        }
        row={(d) => (
          <tr key={String(d.id)}>
            <td>
              <code>{d.type}</code>
              <span className="nu-desk-sub">{formatHkDateTime(d.created_at)}</span>
            </td>
            <td>
              <span className="nu-desk-sub">{d.endpoint}</span>
            </td>
            <td className={`nu-desk-state--${d.state}`}>{t(`desk.state.${d.state}`)}</td>
            <td className="nu-desk-num">{d.attempts}</td>
            <td>
              {d.last_at ? formatHkDateTime(d.last_at) : "—"}
              {d.last_status !== null || d.last_error ? (
                <span className="nu-desk-sub">
                  {[
                    d.last_status,
                    d.last_duration_ms !== null ? `${d.last_duration_ms} ms` : null,
                    d.last_error,
                  ]
                    .filter((part) => part !== null && part !== "")
                    .join(" · ")}
                </span>
              ) : null}
            </td>
            <td>{d.next_at ? formatHkDateTime(d.next_at) : "—"}</td>
            <td>
              {d.state === "failed" || d.state === "stopped" ? (
                <button
                  type="button"
                  className="nu-button nu-button--secondary"
                  aria-label={t("desk.hooks.retryOf", { type: d.type, endpoint: d.endpoint })}
                  aria-disabled={busy !== "" || undefined}
                  onClick={() => void retry(d)}
                >
                  {t("desk.hooks.retry")}
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
      <ListEnd ctx={ctx} list={{ ...list, failure: "" }} />
    </DeskPanel>
  );
}
