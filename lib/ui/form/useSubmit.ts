import { useCallback, useRef, useState } from "react";
import { useOwnProgress } from "../useOwnProgress.ts";

/** What `nu-error` carries: the machine code and the text shown. */
export interface SubmitError {
  code: string;
  message: string;
}

export interface SubmitOptions {
  /**
   * The text of a failure in the element's language, or null when there is nothing to say (the
   * failure is already dealt with, e.g. the session ended and the element asked for sign-in).
   */
  failureText: (error: unknown) => string | null;
  /** Emits `nu-error` from the element (every element's `emit("nu-error", …)` fits). */
  emitError?: (name: "nu-error", detail: SubmitError) => void;
  /**
   * The busy button's label is the progress shown: the host page's loading overlay stays away
   * meanwhile (the staff forms). Without it, the overlay shows as for any request (the flows).
   */
  ownProgress?: boolean;
}

/** What one `run` does differently from the form's usual. */
export interface RunOptions {
  /** This submission's failure text (e.g. one naming what was looked up). */
  failureText?: SubmitOptions["failureText"];
  /** Shows the text somewhere else than `failure` (the field the server named). */
  onFailure?: (message: string, error: unknown) => void;
}

/** How a `run` ended: `skipped` when another submission was still in flight. */
export type SubmitResult<T> =
  | { status: "done"; value: T }
  | { status: "failed"; error: unknown; message: string }
  | { status: "skipped" };

/** The machine code of a failure (`ApiError.code`), `INTERNAL` for anything else. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "INTERNAL";
}

/**
 * One submission at a time, for every form and action button: `run(task)` does nothing while a task
 * is in flight (taps can come faster than renders), `busy` is true meanwhile, and a failure becomes `failure` (its text)
 * and one `nu-error {code, message}`. Give `run` an `onFailure` to show the text elsewhere (on the
 * field the server named); `failure` then stays empty.
 */
export function useSubmit({ failureText, emitError, ownProgress = false }: SubmitOptions) {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  useOwnProgress(ownProgress && busy);
  const latest = useRef({ failureText, emitError });
  latest.current = { failureText, emitError };

  const run = useCallback(
    async <T>(task: () => Promise<T>, options: RunOptions = {}): Promise<SubmitResult<T>> => {
      if (inFlight.current) return { status: "skipped" };
      inFlight.current = true;
      setBusy(true);
      setFailure("");
      try {
        return { status: "done", value: await task() };
      } catch (error) {
        const message = (options.failureText ?? latest.current.failureText)(error);
        if (message !== null) {
          latest.current.emitError?.("nu-error", { code: errorCode(error), message });
          if (options.onFailure) options.onFailure(message, error);
          else setFailure(message);
        }
        return { status: "failed", error, message: message ?? "" };
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [],
  );

  return { busy, failure, setFailure, run };
}
