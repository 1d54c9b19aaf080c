/** Events of the flow elements (DESIGN §4): bubbling, composed CustomEvents from the element. */
export interface FlowEventDetails {
  /**
   * The flow wants to show `step` (`login` is the entry page). `path` is set when the step is on
   * another flow's route (the recruitment hand-over: `nuform:product`, `/customer/nuForm/product`).
   */
  "nu-step": { step: string; path?: string };
  /** The lead was created. */
  "nu-submit": { leadId: string };
  /** Something failed that the page may want to report (the form shows it too). */
  "nu-error": { code: string; message: string };
}

declare global {
  interface GlobalEventHandlersEventMap {
    "nu-step": CustomEvent<FlowEventDetails["nu-step"]>;
    "nu-submit": CustomEvent<FlowEventDetails["nu-submit"]>;
  }
}
