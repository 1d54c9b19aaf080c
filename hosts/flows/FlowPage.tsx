/** @jsxImportSource preact */

import { useEffect, useRef, useState } from "preact/hooks";
import { route } from "preact-router";
import { FLOW_TITLES, stepTitle } from "../../lib/core/i18n/host/shell.ts";
import { NUFORM_STEPS, RECRUITMENT_STEPS } from "../../lib/core/routes.ts";
import type { Flow } from "../../lib/core/types.ts";
import { flowPath, runGate } from "../../lib/gates/customerGate.ts";
import { useHostLang } from "../language.ts";
import { currentQuery, routeStep } from "../navigation.ts";
import { NotFound } from "../pages/lazySitePages.ts";
import { PageShell } from "../pages/PageShell.tsx";
import { useRuntime } from "../runtime.ts";
import { BEHIND, FirstStepPreview, usePreviewShown } from "./firstStepPreview.tsx";

const STEPS: Record<Flow, readonly string[]> = {
  nuform: NUFORM_STEPS,
  recruitment: RECRUITMENT_STEPS,
};

/**
 * One customer step at its URL: runs the gate (guard + maintenance) from lib, then shows the step
 * through the flow element's `step` attribute and follows the element's `nu-step` events. The
 * element stays mounted from step to step; a step is shown only once its gate has passed. A
 * `nu-step` with a `path` (the recruitment hand-over) is routed to that path.
 */
export function FlowPage(props: FlowPageProps) {
  // Keyed by flow: routing from one flow to the other (the hand-over) mounts a fresh page, so the
  // new flow's element never shows the old flow's step while its gate runs.
  return <FlowStepPage key={props.flow} {...props} />;
}

interface FlowPageProps {
  path?: string;
  flow: Flow;
  step?: string;
}

function FlowStepPage({ flow, step = "" }: FlowPageProps) {
  const runtime = useRuntime();
  const lang = useHostLang();
  const [shownStep, setShownStep] = useState<string | null>(null);
  const element = useRef<HTMLElement>(null);
  const known = step === "" || STEPS[flow].includes(step);

  useEffect(() => {
    if (!known) return;
    let current = true;
    runGate({
      flow,
      step,
      flags: runtime.getFlags(),
      loadMaintenance: () => runtime.loadMaintenance(),
      maintenancePageUrl: runtime.resolveConfig().maintenancePageUrl,
    }).then((gate) => {
      if (!current) return;
      if (gate.kind === "maintenance") {
        runtime.removeFlags(gate.remove);
        window.location.assign(gate.to);
        return;
      }
      runtime.applyFlagChanges(gate);
      runtime.noteSignInReason(flow, gate.signInReason);
      if (gate.kind === "redirect") route(gate.to, true);
      else setShownStep(step || "login");
    });
    return () => {
      current = false;
    };
  }, [flow, step, known, runtime]);

  const mounted = shownStep !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listener attaches once the element is mounted.
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    // `path` when the step belongs to another flow (the recruitment hand-over to nuForm).
    const onStep = (event: Event) => {
      const detail = (event as CustomEvent<{ step?: string; path?: string }>).detail;
      routeStep(detail?.path ?? flowPath(flow, detail?.step ?? ""));
    };
    node.addEventListener("nu-step", onStep);
    return () => node.removeEventListener("nu-step", onStep);
  }, [flow, mounted]);

  const preview = usePreviewShown(element, mounted);

  if (!known) return <NotFound />;
  const title = FLOW_TITLES[lang][flow];
  const partner = currentQuery().get("partner") ?? undefined;
  // While the next step's gate runs, the previous step stays on screen but cannot be used, so a
  // quick second tap cannot act on a step the customer has already left.
  const leaving = mounted && shownStep !== (step || "login");
  // Drawn out of sight under the served step until its own is there (firstStepPreview.tsx).
  const behind = preview ? BEHIND : undefined;
  const form = !mounted ? null : flow === "nuform" ? (
    <nu-form ref={element} step={shownStep} partner={partner} lang={lang} inert={leaving} class={behind} />
  ) : (
    <nu-recruitment-form
      ref={element}
      step={shownStep}
      partner={partner}
      lang={lang}
      inert={leaving}
      class={behind}
    />
  );
  // One shape for every state, so the picture's nodes stay the same nodes until it goes.
  return (
    <PageShell
      title={title}
      documentTitle={mounted ? [stepTitle(flow, shownStep, lang), title] : undefined}
      // The served step is usable while the element loads behind it: the page is not busy then.
      busy={leaving || (!mounted && !preview)}
      lang={lang}
    >
      {preview ? <FirstStepPreview /> : null}
      {form}
    </PageShell>
  );
}
