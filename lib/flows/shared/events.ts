/** Events of the flow elements (docs/elements.md): bubbling, composed CustomEvents from the element. */
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
  /** From a widget inside the form (bubbling, composed): a field changed. */
  "nu-change": { value: unknown };
  /** From the sign-in step's e-mail field: 發送電郵 was pressed with a valid address. */
  "nu-send": { email: string };
  /** From the recruitment form's calendar. */
  "nu-confirm": { value?: string };
  "nu-cancel": Record<string, never>;
}

/** The events a flow hears from the widgets inside it, with the React callback of each. */
export const WIDGET_EVENT_CALLBACKS = {
  "nu-change": "onNuChange",
  "nu-send": "onNuSend",
  "nu-confirm": "onNuConfirm",
  "nu-cancel": "onNuCancel",
} as const;

/**
 * `nu-step` as any element sends it: a flow names a step (and `path` for another flow's route), a
 * staff tool may add the query of its page (`params`, lib/staff/events.ts).
 */
export interface NuStepDetail {
  step: string;
  params?: Record<string, string>;
  path?: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    "nu-step": CustomEvent<NuStepDetail>;
    "nu-submit": CustomEvent<FlowEventDetails["nu-submit"]>;
  }
}
