/** @jsxImportSource preact */
import { route } from "preact-router";
import { useEffect, useRef, useState } from "preact/hooks";
import { NUFORM_STEPS, RECRUITMENT_STEPS } from "../../lib/core/routes.ts";
import { type CustomerFlow, flowPath, runGate } from "../../lib/gate.ts";
import { currentQuery } from "../navigation.ts";
import { NotFound } from "../pages/NotFound.tsx";
import { PageShell } from "../pages/PageShell.tsx";
import { useRuntime } from "../runtime.ts";

const STEPS: Record<CustomerFlow, readonly string[]> = { nuform: NUFORM_STEPS, recruitment: RECRUITMENT_STEPS };

/**
 * One customer step at its URL: runs the gate (guard + maintenance) from lib, then mounts the
 * flow's custom element driven by the `step` attribute, and follows its `nu-step` events.
 */
export function FlowPage({ flow, step = "" }: { path?: string; flow: CustomerFlow; step?: string }) {
  const runtime = useRuntime();
  const [shown, setShown] = useState(false);
  const element = useRef<HTMLElement>(null);
  const known = step === "" || STEPS[flow].includes(step);

  useEffect(() => {
    if (!known) return;
    let current = true;
    setShown(false);
    const config = runtime.resolveConfig();
    runGate({
      flow,
      step,
      flags: runtime.$flags.get(),
      loadMaintenance: () => runtime.loadMaintenance(),
      maintenancePageUrl: config.maintenancePageUrl,
    }).then((gate) => {
      if (!current) return;
      if (gate.remove?.length) runtime.removeFlags(gate.remove);
      if (gate.kind === "maintenance") {
        window.location.assign(gate.to);
        return;
      }
      for (const [key, value] of Object.entries(gate.set ?? {})) runtime.setFlag(key as never, value as string);
      if (gate.kind === "redirect") route(gate.to, true);
      else setShown(true);
    });
    return () => {
      current = false;
    };
  }, [flow, step, known, runtime]);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const onStep = (event: Event) => {
      const next = (event as CustomEvent<{ step: string }>).detail?.step ?? "";
      route(flowPath(flow, next));
    };
    node.addEventListener("nu-step", onStep);
    return () => node.removeEventListener("nu-step", onStep);
  }, [flow, shown]);

  if (!known) return <NotFound />;
  const title = flow === "nuform" ? "nuForm 會員登記" : "媽媽會員招募";
  if (!shown) return <PageShell title={title} busy />;
  const stepAttribute = step || "login";
  const partner = currentQuery().get("partner") ?? undefined;
  return (
    <PageShell title={title}>
      {flow === "nuform" ? (
        <nu-form ref={element} step={stepAttribute} partner={partner} />
      ) : (
        <nu-recruitment-form ref={element} step={stepAttribute} partner={partner} />
      )}
    </PageShell>
  );
}
