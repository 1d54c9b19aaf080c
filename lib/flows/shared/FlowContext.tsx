import { createContext, useContext } from "react";
import type { ApiClient } from "../../api/index.ts";
import type { Lang } from "../../core/i18n/index.ts";
import type { Flow } from "../../core/types.ts";
import type { Translate } from "../../ui/useT.ts";
import type { FlowEventDetails } from "./events.ts";

/**
 * Props of `<nu-form>` and `<nu-recruitment-form>`: documented once, in lib/elements/flows.docs.ts.
 */
export interface FlowProps {
  step?: string;
  partner?: string;
  lang?: string;
  apiBase?: string;
  apiKey?: string;
  alsUrl?: string;
  /** `none`: a self-driven element adds no entries to the page's history (lib/flows/shared/stepHistory.ts). */
  history?: string;
  onNuStep?: (detail: FlowEventDetails["nu-step"]) => void;
  onNuSubmit?: (detail: FlowEventDetails["nu-submit"]) => void;
  onNuError?: (detail: FlowEventDetails["nu-error"]) => void;
  /** A field inside the form changed (its widget's `nu-change`, heard as it bubbles). */
  onNuChange?: (detail: FlowEventDetails["nu-change"]) => void;
  /** 發送電郵 was pressed on the sign-in step. */
  onNuSend?: (detail: FlowEventDetails["nu-send"]) => void;
  /** The calendar inside the form was confirmed (the recruitment form's baby step). */
  onNuConfirm?: (detail: FlowEventDetails["nu-confirm"]) => void;
  /** The calendar inside the form was cancelled. */
  onNuCancel?: (detail: FlowEventDetails["nu-cancel"]) => void;
}

export interface FlowContextValue {
  flow: Flow;
  lang: Lang;
  t: Translate;
  api: ApiClient;
  alsUrl?: string;
  /** True when the host drives the steps through the `step` attribute. */
  hostDriven: boolean;
  /** Moves on to `step` of this flow. */
  go: (step: string) => void;
  emit: <N extends keyof FlowEventDetails>(name: N, detail: FlowEventDetails[N]) => void;
  /** "第 2 步（共 5 步）" for a step of this flow, or undefined outside the numbered steps. */
  progress: (step: string) => string | undefined;
}

export const FlowContext = createContext<FlowContextValue | null>(null);

export function useFlow(): FlowContextValue {
  const value = useContext(FlowContext);
  if (!value) throw new Error("useFlow outside a flow");
  return value;
}
