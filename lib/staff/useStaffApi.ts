/**
 * What every staff tool shares: an API client that sends the stored staff token, the rule for a
 * token the server refuses mid-session, and loading a lead by its reference.
 */
import { useStore } from "@nanostores/react";
import { type RefObject, useCallback, useEffect, useMemo, useState } from "react";
import { errorText } from "../api/errorText.ts";
import { type ApiClient, ApiError, createApiClient } from "../api/index.ts";
import { resolveConfig } from "../config.ts";
import { hkDateTime } from "../core/dates.ts";
import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import type { Lead } from "../core/types.ts";
import { isUnauthorised } from "../gates/staffGate.ts";
import { useEmit } from "../ui/useEmit.ts";
import { normaliseLang } from "../ui/useT.ts";
import type { StaffEventDetails } from "./events.ts";
import { noteSessionEnded } from "./sessionEndedNote.ts";
import { $flags, currentPath, sessionExpired } from "./staffSession.ts";

export interface StaffApiProps {
  apiBase?: string;
  apiKey?: string;
  lang?: string;
}

/**
 * The text of a failed staff call: when trying again works (lock-outs, limits), else errorText's,
 * with a warning when a wrong password or code leaves `warnAt` tries or fewer before the lock-out.
 */
export function failureText(lang: Lang, error: unknown, warnAt = WARN_AT_TRIES_LEFT): string {
  if (!(error instanceof ApiError)) return errorText(lang, error);
  const wait = waitText(lang, error);
  if (wait) return wait;
  const left = (error.data[0] as { tries_left?: unknown } | undefined)?.tries_left;
  const warning =
    typeof left === "number" && left <= warnAt
      ? `${lang === "en" ? " " : ""}${t(lang, "staff.login.triesLeft", { n: left })}`
      : "";
  return errorText(lang, error) + warning;
}

/** From how many wrong tries left before the lock-out the sign-in says so. */
const WARN_AT_TRIES_LEFT = 2;

/**
 * A lock-out or a limit says when trying again works (`Retry-After`): `請於 14:35（約 15 分鐘後）再登入`,
 * in Hong Kong time; '' for other errors or without the header.
 */
export function waitText(lang: Lang, error: ApiError, nowMs: number = Date.now()): string {
  if (error.retryAfterS === undefined) return "";
  if (error.code !== "STAFF_LOCKED" && error.code !== "RATE_LIMITED") return "";
  // Rounded up to the minute: at the time shown, trying again works.
  const at = Math.ceil((nowMs + error.retryAfterS * 1000) / 60_000) * 60_000;
  const time = hkDateTime(at).split(" ")[1] ?? "";
  const minutes = Math.max(1, Math.ceil(error.retryAfterS / 60));
  return t(lang, error.code === "STAFF_LOCKED" ? "staff.login.lockedUntil" : "staff.login.limitedUntil", {
    time,
    minutes,
  });
}

export function useStaffApi(ref: RefObject<Element | null>, props: StaffApiProps & object) {
  const lang = normaliseLang(props.lang);
  const emit = useEmit<StaffEventDetails>(ref, props);
  const client: ApiClient = useMemo(() => {
    const config = resolveConfig({ apiBase: props.apiBase, apiKey: props.apiKey });
    return createApiClient({
      apiBase: config.apiBase,
      apiKey: config.apiKey,
      lang,
      getToken: () => $flags.get().Token,
    });
  }, [props.apiBase, props.apiKey, lang]);

  /**
   * Call on every failure: true when it ended the session (the element has asked to go to sign-in).
   * `keep` runs first: a form keeps what was typed, for this page after sign-in (keptInput.ts).
   */
  const endedSession = useCallback(
    (error: unknown, keep?: () => void): boolean => {
      if (!isUnauthorised(error)) return false;
      keep?.();
      noteSessionEnded();
      sessionExpired(currentPath());
      emit("nu-step", { step: "home" });
      return true;
    },
    [emit],
  );

  return { client, lang, emit, endedSession };
}

export type LeadState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; lead: Lead }
  /** `ref`: the reference looked up (LeadParts.tsx names it when no customer has it). */
  | { status: "error"; message: string; notFound: boolean; ref: string };

/** Loads the lead `leadId` (when given) with the staff token, and reloads it on demand. */
export function useLead(
  leadId: string | undefined,
  client: ApiClient,
  lang: Lang,
  endedSession: (error: unknown) => boolean,
) {
  const [state, setState] = useState<LeadState>({ status: leadId ? "loading" : "idle" });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the reload trigger.
  useEffect(() => {
    if (!leadId) {
      setState({ status: "idle" });
      return;
    }
    let current = true;
    setState((previous) =>
      previous.status === "ready" && previous.lead.id === leadId ? previous : { status: "loading" },
    );
    client.getLead(leadId).then(
      (lead) => {
        if (current) setState({ status: "ready", lead });
      },
      (error: unknown) => {
        if (!current || endedSession(error)) return;
        const notFound = error instanceof ApiError && error.code === "NOT_FOUND";
        setState({ status: "error", message: failureText(lang, error), notFound, ref: leadId });
      },
    );
    return () => {
      current = false;
    };
  }, [leadId, client, lang, endedSession, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const replace = useCallback((lead: Lead) => setState({ status: "ready", lead }), []);
  return { state, reload, replace };
}

/** The stored staff values, live. */
export function useStaffFlags() {
  return useStore($flags);
}

/**
 * Whether the verification page opens the camera by itself: yes after a customer was found with
 * it, or when the staff member asked for the next customer, so the scanner is live again for each
 * customer; no once they stop it or it fails. This tab only (sessionStorage): nothing about a
 * customer, and a camera prompt never appears by surprise on another tab.
 *
 * Here rather than in a module of its own: the home, the scanning tools and the redemptions all
 * use it, and each file shared by several staff elements costs every one of them a chunk more.
 */
const CAMERA_KEY = "nu-forms:staff-camera";

export function wantCamera(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(CAMERA_KEY, "on");
    else sessionStorage.removeItem(CAMERA_KEY);
  } catch {
    // no storage: the camera waits for its button, as before
  }
}

export function cameraWanted(): boolean {
  try {
    return sessionStorage.getItem(CAMERA_KEY) === "on";
  } catch {
    return false;
  }
}
