import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { type DeskKey, deskTexts } from "../../core/i18n/desk.ts";
import type { Lang } from "../../core/i18n/index.ts";
import { type MessageParams, translate } from "../../core/i18n/translate.ts";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { failureText } from "../useStaffApi.ts";

export type DeskT = (key: DeskKey, params?: MessageParams) => string;

export function deskT(lang: Lang): DeskT {
  return (key, params) => translate(deskTexts, lang, key, params);
}

/** What every panel of the desk gets: language, texts, and the rule for a refused session. */
export interface DeskContext {
  lang: Lang;
  t: DeskT;
  /** True when the failure ended the session (the desk has asked to go to sign-in). */
  endedSession: (error: unknown) => boolean;
  /** The text of a failure, or '' when it ended the session. */
  failure: (error: unknown) => string;
}

export function deskContext(lang: Lang, endedSession: (error: unknown) => boolean): DeskContext {
  return {
    lang,
    t: deskT(lang),
    endedSession,
    failure: (error) => (endedSession(error) ? "" : failureText(lang, error)),
  };
}

export type Loaded<T> =
  | { status: "loading" }
  | { status: "ready"; value: T }
  | { status: "error"; message: string; forbidden: boolean };

/** Runs `load` whenever `key` changes (and on `reload`); the latest answer wins. */
export function useLoaded<T>(ctx: DeskContext, key: string, load: () => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const [round, setRound] = useState(0);
  const shownKey = useRef("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches; `round` reloads.
  useEffect(() => {
    let current = true;
    // A reload of the same thing keeps it on screen (and the form that asked for it) until the answer.
    if (shownKey.current !== key) setState({ status: "loading" });
    shownKey.current = key;
    load().then(
      (value) => current && setState({ status: "ready", value }),
      (error: unknown) => {
        if (!current) return;
        const forbidden = (error as { status?: number }).status === 403;
        setState({ status: "error", message: ctx.failure(error), forbidden });
      },
    );
    return () => {
      current = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload, setState };
}

/** Loading, or the failure with 再試; the children once ready. */
export function LoadedView<T>({
  ctx,
  state,
  reload,
  children,
}: {
  ctx: DeskContext;
  state: Loaded<T>;
  reload: () => void;
  children: (value: T) => ReactNode;
}) {
  if (state.status === "loading")
    return (
      <p className="nu-muted" role="status">
        {ctx.t("desk.loading")}
      </p>
    );
  if (state.status === "error")
    return (
      <div className="nu-form">
        <ErrorMessage message={state.forbidden ? ctx.t("desk.refused") : state.message} />
        {state.forbidden ? null : <RetryButton ctx={ctx} onPress={reload} />}
      </div>
    );
  return <>{children(state.value)}</>;
}

/** 再試 after a failed read. */
export function RetryButton({ ctx, onPress }: { ctx: DeskContext; onPress: () => void }) {
  return (
    <div className="nu-actions">
      <button type="button" className="nu-button nu-button--secondary" onClick={onPress}>
        {ctx.t("desk.retry")}
      </button>
    </div>
  );
}

/** The foot of a list read page after page (usePages): 再試 when a read failed, 載入更多 while more follow. */
export function ListEnd({
  ctx,
  list,
}: {
  ctx: DeskContext;
  list: { next: string | null; busy: boolean; failure: string; more: () => void; reload: () => void };
}) {
  return (
    <>
      {list.failure ? <RetryButton ctx={ctx} onPress={list.reload} /> : null}
      {list.next ? (
        <div className="nu-actions">
          <SubmitButton type="button" secondary busy={list.busy} onPress={list.more}>
            {ctx.t("desk.more")}
          </SubmitButton>
        </div>
      ) : null}
    </>
  );
}

/** A panel of the desk: a section named by its heading, with an optional action beside the heading. */
export function DeskPanel(props: { id: string; title: ReactNode; action?: ReactNode; children: ReactNode }) {
  const heading = (
    <h2 className="nu-panel-title" id={props.id}>
      {props.title}
    </h2>
  );
  return (
    <section className="nu-panel" aria-labelledby={props.id}>
      {props.action ? (
        <div className="nu-desk-toolbar">
          {heading}
          {props.action}
        </div>
      ) : (
        heading
      )}
      {props.children}
    </section>
  );
}

/** A button of one of a panel's actions (useAction): busy while it runs, unavailable while another does. */
export function ActionButton(props: {
  name: string;
  busy: string;
  onPress: () => void;
  busyLabel?: string;
  children: ReactNode;
}) {
  return (
    <SubmitButton
      type="button"
      secondary
      busy={props.busy === props.name}
      busyLabel={props.busyLabel}
      unavailable={props.busy !== "" && props.busy !== props.name}
      onPress={props.onPress}
    >
      {props.children}
    </SubmitButton>
  );
}

/** The table of a list read page after page, or `none` when it is empty (once read). */
export function ListTable<T>(props: {
  list: { rows: T[]; busy: boolean; failure: string };
  none: string;
  label: string;
  head: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const { list } = props;
  if (list.rows.length === 0) return list.busy || list.failure ? null : <p>{props.none}</p>;
  return (
    <ScrollTable label={props.label}>
      <table className="nu-desk-table">
        <thead>
          <tr>{props.head}</tr>
        </thead>
        <tbody>{list.rows.map(props.row)}</tbody>
      </table>
    </ScrollTable>
  );
}

/** A wide table that scrolls sideways on its own when the screen is narrow (keyboard too). */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard.
    <section className="nu-desk-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** A native select in the fields' look, labelled. */
export function SelectField({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = `desk-${name}`;
  return (
    <div className="nu-field">
      <label className="nu-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="nu-control nu-desk-select"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A link that the desk follows itself (the page moves with `nu-step`); middle-click still opens it. */
export function DeskLink({
  href,
  onFollow,
  className,
  current,
  label,
  children,
}: {
  href: string;
  onFollow: () => void;
  className?: string;
  current?: boolean;
  label?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={className}
      aria-current={current ? "page" : undefined}
      aria-label={label}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onFollow();
      }}
    >
      {children}
    </a>
  );
}
