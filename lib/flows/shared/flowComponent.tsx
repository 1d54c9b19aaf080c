import type { ReactNode } from "react";
import type { Flow } from "../../core/types.ts";
import type { FlowProps } from "./FlowContext.tsx";
import { FlowRoot } from "./FlowRoot.tsx";
import { usePartner } from "./partner.ts";

/**
 * The component of a flow element (`<nu-form>`, `<nu-recruitment-form>`): FlowRoot with the flow's
 * steps, showing each step with `Step`, and the partner the customer came through kept in the draft.
 */
export function flowComponent(
  flow: Flow,
  steps: readonly string[],
  progressSteps: readonly (readonly string[])[],
  Step: (props: { step: string }) => ReactNode,
): (props: FlowProps) => ReactNode {
  return function FlowComponent(props: FlowProps) {
    usePartner(flow, props.partner);
    return (
      <FlowRoot
        {...props}
        flow={flow}
        steps={steps}
        progressSteps={progressSteps}
        render={(step) => <Step step={step} />}
      />
    );
  };
}
