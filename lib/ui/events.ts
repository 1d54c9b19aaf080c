import type { AddressEn } from "../core/types.ts";

/**
 * The `detail` of every event the widgets dispatch. All are bubbling, composed `CustomEvent`s, so a
 * page hears them on the element (or any ancestor) even though they start inside the shadow root.
 */
export interface NuEventDetails {
  /** A widget's value changed (the address selector adds the English copy). */
  "nu-change": { value: unknown; english?: AddressEn };
  /** Date picker / confirm dialog confirmed (date picker: `DD/MM/YYYY`). */
  "nu-confirm": { value: string };
  /** Date picker / confirm dialog closed without confirming. */
  "nu-cancel": Record<string, never>;
  /** Something failed that the page may want to report. */
  "nu-error": { code: string; message: string };
  /** The e-mail input's 發送電郵 button was pressed with a valid address. */
  "nu-send": { email: string };
}

export type NuEventName = keyof NuEventDetails;

declare global {
  interface GlobalEventHandlersEventMap {
    "nu-change": CustomEvent<NuEventDetails["nu-change"]>;
    "nu-confirm": CustomEvent<NuEventDetails["nu-confirm"]>;
    "nu-cancel": CustomEvent<NuEventDetails["nu-cancel"]>;
    "nu-error": CustomEvent<NuEventDetails["nu-error"]>;
    "nu-send": CustomEvent<NuEventDetails["nu-send"]>;
  }
}
