/** @jsxImportSource preact */

import { useEffect, useRef, useState } from "preact/hooks";
import { route } from "preact-router";
import { NUFORM_STEPS, RECRUITMENT_STEPS } from "../../lib/core/routes.ts";
import { type CustomerFlow, flowPath, runGate } from "../../lib/gate.ts";
import { currentQuery } from "../navigation.ts";
import { NotFound } from "../pages/NotFound.tsx";
import { PageShell } from "../pages/PageShell.tsx";
import { useRuntime } from "../runtime.ts";
import { FLOW_TITLES, stepTitle } from "./stepTitles.ts";

const STEPS: Record<CustomerFlow, readonly string[]> = {
  nuform: NUFORM_STEPS,
  recruitment: RECRUITMENT_STEPS,
};

/**
 * One customer step at its URL: runs the gate (guard + maintenance) from lib, then shows the step
 * through the flow element's `step` attribute and follows the element's `nu-step` events. The
 * element stays mounted from step to step; a step is shown only once its gate has passed.
 */
export function FlowPage({ flow, step = "" }: { path?: string; flow: CustomerFlow; step?: string }) {
  const runtime = useRuntime();
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
    const onStep = (event: Event) => {
      const next = (event as CustomEvent<{ step: string }>).detail?.step ?? "";
      route(flowPath(flow, next));
    };
    node.addEventListener("nu-step", onStep);
    return () => node.removeEventListener("nu-step", onStep);
  }, [flow, mounted]);

  if (!known) return <NotFound />;
  const title = FLOW_TITLES[flow];
  if (!mounted) return <PageShell title={title} busy />;
  const partner = currentQuery().get("partner") ?? undefined;
  // While the next step's gate runs, the previous step stays on screen but cannot be used, so a
  // quick second tap cannot act on a step the customer has already left.
  const leaving = shownStep !== (step || "login");
  return (
    <PageShell title={title} documentTitle={[stepTitle(flow, shownStep), title]} busy={leaving}>
      {flow === "nuform" ? (
        <nu-form ref={element} step={shownStep} partner={partner} inert={leaving} />
      ) : (
        <nu-recruitment-form ref={element} step={shownStep} partner={partner} inert={leaving} />
      )}
    </PageShell>
  );
}
