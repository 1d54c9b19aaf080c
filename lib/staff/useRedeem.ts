/**
 * One redemption, sent at most once at a time. The server redeems a (lead, kind) exactly once; the
 * browser's part is to never send two requests at once (a double tap) and, after a time-out or a
 * lost connection, to offer a retry of the very same request — whose 409 then means "it did go
 * through", shown as redeemed with who and when, not as a failure.
 */
import { useCallback, useRef, useState } from "react";
import { type ApiClient, ApiError, mayHaveBeenDone, type RedeemBody } from "../api/index.ts";
import type { Lang } from "../core/i18n/index.ts";
import type { RedemptionKind } from "../core/types.ts";
import { failureText } from "./useStaffApi.ts";

export type RedeemPhase =
  | { phase: "idle" }
  | { phase: "sending" }
  | { phase: "done" }
  /**
   * 409: this lead had already redeemed this kind. `ours`: the answer to a retry of our own request
   * whose first try was lost, so it did go through; otherwise a refused second redemption.
   */
  | { phase: "already"; ours: boolean }
  | { phase: "failed"; message: string; retryable: boolean };

/** Failures where the request may or may not have reached the server: retrying is the answer. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (mayHaveBeenDone(error) || error.status === 429);
}

export function useRedeem(options: {
  client: ApiClient;
  lang: Lang;
  endedSession: (error: unknown) => boolean;
  /** Runs after the server has answered that the lead is redeemed (success or 409). */
  onRedeemed: () => void;
}) {
  const { client, lang, endedSession, onRedeemed } = options;
  const [state, setState] = useState<RedeemPhase>({ phase: "idle" });
  const inFlight = useRef(false);
  const lastBody = useRef<RedeemBody | null>(null);

  const send = useCallback(
    async (body: RedeemBody, isRetry = false) => {
      if (inFlight.current) return;
      inFlight.current = true;
      lastBody.current = body;
      setState({ phase: "sending" });
      try {
        await client.redeem(body);
        setState({ phase: "done" });
        onRedeemed();
      } catch (error) {
        if (endedSession(error)) {
          setState({ phase: "idle" });
        } else if (error instanceof ApiError && error.code === "ALREADY_REDEEMED") {
          setState({ phase: "already", ours: isRetry });
          onRedeemed();
        } else {
          setState({ phase: "failed", message: failureText(lang, error), retryable: isRetryable(error) });
        }
      } finally {
        inFlight.current = false;
      }
    },
    [client, lang, endedSession, onRedeemed],
  );

  /** Sends a new redemption for `lead_id` and `kind` (with any extra fields). */
  const redeem = useCallback(
    (lead_id: string, kind: RedemptionKind, extra: Record<string, unknown> = {}) =>
      send({ ...extra, lead_id, kind }),
    [send],
  );

  /** Sends the last request again, unchanged. */
  const retry = useCallback(() => {
    if (lastBody.current) return send(lastBody.current, true);
  }, [send]);

  return { state, redeem, retry, busy: state.phase === "sending" };
}
