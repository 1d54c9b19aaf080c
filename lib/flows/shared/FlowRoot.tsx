import { useStore } from "@nanostores/react";
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { resolveConfig } from "../../config.ts";
import type { Flow } from "../../core/types.ts";
import { runGate } from "../../gates/customerGate.ts";
import { $flags, applyFlagChanges } from "../../state/index.ts";
import { baseSheet } from "../../ui/base.ts";
import { requestHeadingFocus } from "../../ui/form/focus.ts";
import { useStyles } from "../../ui/styles.ts";
import { useEmit } from "../../ui/useEmit.ts";
import { normaliseLang, type Translate, useT } from "../../ui/useT.ts";
import { type FlowEventDetails, WIDGET_EVENT_CALLBACKS } from "./events.ts";
import { FlowContext, type FlowContextValue, type FlowProps } from "./FlowContext.tsx";
import { flowSession, noteSignInReason } from "./flowSession.ts";
import { useStepHistory } from "./stepHistory.ts";
import { ENTRY_STEP, stepFromPath } from "./stepPaths.ts";
import { flowSheet } from "./styles.ts";
import { useFlowApi } from "./useFlowApi.ts";

export interface FlowRootProps extends FlowProps {
  flow: Flow;
  /** Every step name this flow knows, entry first. */
  steps: readonly string[];
  /** The numbered steps, in order, for the progress line (a step may list several names). */
  progressSteps: readonly (readonly string[])[];
  render: (step: string) => ReactNode;
}

/**
 * The frame both flow elements share: API client, language, events and the step logic.
 *
 * Host-driven (a `step` is given): shows that step, and `go()` only emits `nu-step`; the host runs
 * the gate and changes the attribute. Self-driven (no `step`): the current step lives in the flow's
 * session store (a re-mount or reload lands on it), every step passes lib/gates/customerGate's runGate (guard +
 * maintenance) before it shows, and `go()` emits `nu-step` as it moves.
 */
export function FlowRoot(props: FlowRootProps) {
  const { flow, steps, progressSteps, render } = props;
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, flowSheet);
  const lang = normaliseLang(props.lang);
  const t = useT(lang);
  const emit = useEmit<FlowEventDetails>(ref, props);
  const api = useFlowApi(props.apiBase, props.apiKey, lang);
  // The gate runs per step, not per language: a new `lang` (a new client, which differs only in
  // the language of its own messages) must not take the step down and ask for maintenance again.
  const gateApi = useRef(api);
  gateApi.current = api;
  const session = useStore(flowSession(flow));

  const hostDriven = typeof props.step === "string" && props.step.trim() !== "";
  useWidgetCallbacks(ref, props);
  useOneSelfDriven(flow, hostDriven);
  const requested = hostDriven ? (props.step as string).trim() : session.step || ENTRY_STEP;
  const [passed, setPassed] = useState<string | null>(null);

  useEffect(() => {
    if (hostDriven) return;
    let current = true;
    setPassed(null);
    const config = resolveConfig({ apiBase: props.apiBase, apiKey: props.apiKey });
    runGate({
      flow,
      step: requested === ENTRY_STEP ? "" : requested,
      flags: $flags.get(),
      loadMaintenance: () => gateApi.current.getMaintenance(config.maintenanceUrl),
      maintenancePageUrl: config.maintenancePageUrl,
    }).then((gate) => {
      if (!current) return;
      applyFlagChanges(gate);
      noteSignInReason(flow, gate.signInReason);
      if (gate.kind === "maintenance") {
        window.location.assign(gate.to);
        return;
      }
      if (gate.kind === "redirect") {
        const next = stepFromPath(flow, gate.to);
        flowSession(flow).setKey("step", next);
        emit("nu-step", { step: next });
        return;
      }
      setPassed(requested);
    });
    return () => {
      current = false;
    };
  }, [hostDriven, requested, flow, emit, props.apiBase, props.apiKey]);

  const context = useMemo<FlowContextValue>(() => {
    const numbered = progressSteps;
    return {
      flow,
      lang,
      t,
      api,
      alsUrl: props.alsUrl,
      hostDriven,
      emit,
      go: (next: string) => {
        requestHeadingFocus();
        if (!hostDriven) flowSession(flow).setKey("step", next);
        emit("nu-step", { step: next });
      },
      progress: (step: string) => {
        const index = numbered.findIndex((names) => names.includes(step));
        return index < 0 ? undefined : t("flows.progress", { current: index + 1, total: numbered.length });
      },
    };
  }, [flow, lang, t, api, props.alsUrl, hostDriven, emit, progressSteps]);

  useStepHistory(flow, !hostDriven && props.history !== "none", passed, context.go);
  const shown = hostDriven ? requested : passed;
  const known = shown !== null && steps.includes(shown);

  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root" part="flow" data-step={shown ?? undefined}>
      {styles}
      <FlowContext.Provider value={context}>
        {shown === null ? (
          <p className="nu-step-progress" role="status">
            {t("common.loading")}
          </p>
        ) : known ? (
          render(shown)
        ) : (
          <UnknownStep t={t} step={shown} onRestart={() => context.go(ENTRY_STEP)} />
        )}
      </FlowContext.Provider>
    </div>
  );
}

function UnknownStep({ t, step, onRestart }: { t: Translate; step: string; onRestart: () => void }) {
  return (
    <section className="nu-flow">
      <h2 className="nu-step-title">{t("flows.unknownStep.title")}</h2>
      <p>{t("flows.unknownStep.text", { step })}</p>
      <div className="nu-actions">
        <button type="button" className="nu-button" onClick={onRestart}>
          {t("flows.unknownStep.restart")}
        </button>
      </div>
    </section>
  );
}

/**
 * The widgets inside a flow send their own events (bubbling, composed): a React host hears them
 * through the flow's callback props, as a page hears them on the element.
 */
function useWidgetCallbacks(ref: RefObject<HTMLElement | null>, props: FlowProps) {
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const names = Object.keys(WIDGET_EVENT_CALLBACKS) as (keyof typeof WIDGET_EVENT_CALLBACKS)[];
    const listener = (event: Event) => {
      const callback = latest.current[WIDGET_EVENT_CALLBACKS[event.type as (typeof names)[number]]];
      (callback as ((detail: unknown) => void) | undefined)?.((event as CustomEvent).detail);
    };
    for (const name of names) node.addEventListener(name, listener);
    return () => {
      for (const name of names) node.removeEventListener(name, listener);
    };
  }, [ref]);
}

const FLOW_TAGS: Record<Flow, string> = { nuform: "nu-form", recruitment: "nu-recruitment-form" };
const selfDriven: Partial<Record<Flow, number>> = {};

/**
 * A self-driven flow keeps its step in the flow's session (one enrolment per flow and tab, which a
 * reload lands on again), so two on one page show the same step: they are two views of one
 * enrolment. The page is told once, as that is rarely what it meant.
 */
function useOneSelfDriven(flow: Flow, hostDriven: boolean) {
  useEffect(() => {
    if (hostDriven) return;
    const count = (selfDriven[flow] ?? 0) + 1;
    selfDriven[flow] = count;
    if (count === 2) {
      console.warn(
        `nu-forms: two self-driven <${FLOW_TAGS[flow]}> on one page show the same enrolment and step (the step is kept per flow and tab); set \`step\` on each to drive them apart.`,
      );
    }
    return () => {
      selfDriven[flow] = (selfDriven[flow] ?? 1) - 1;
    };
  }, [flow, hostDriven]);
}
