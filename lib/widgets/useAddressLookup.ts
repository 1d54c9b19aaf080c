import { useCallback, useEffect, useRef, useState } from "react";
import {
  ALS_DEBOUNCE_MS,
  ALS_SLOW_MS,
  ALS_TIMEOUT_MS,
  type AlsSuggestion,
  alsRequest,
  alsSuggestions,
  shouldLookup,
} from "../core/als.ts";

/**
 * Where a lookup stands, for the words under the building field: nothing to say (`idle`), waiting
 * for the service (`searching`, then `slow` once it keeps the customer waiting), suggestions to
 * pick from (`found`), no matching address (`none`), or the service failing or never answering
 * (`failed`). `slow` and `failed` come with the manual path (region and district by hand).
 */
export type LookupStatus = "idle" | "searching" | "slow" | "found" | "none" | "failed";

/**
 * Building-name suggestions from the Address Lookup Service: a lookup runs 400 ms after the last
 * keystroke and only for text longer than 1 character. Every new text makes older answers stale
 * (a counter, plus aborting the request in flight), so a slow answer can never overwrite a newer
 * one. A failed lookup is logged — without the text, which is personal data —, empties the list and
 * says so (`failed`); an empty answer empties the list and says nothing matched. A lookup still
 * unanswered after ALS_SLOW_MS says so too, and keeps waiting until ALS_TIMEOUT_MS.
 */
export function useAddressLookup(alsUrl: string) {
  const [suggestions, setSuggestions] = useState<AlsSuggestion[]>([]);
  const [status, setStatus] = useState<LookupStatus>("idle");
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    latest.current += 1;
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  const lookup = useCallback(
    (text: string) => {
      cancel();
      if (!shouldLookup(text)) {
        setSuggestions([]);
        setStatus("idle");
        return;
      }
      setStatus("searching");
      const ticket = latest.current;
      timer.current = setTimeout(async () => {
        const controller = new AbortController();
        inFlight.current = controller;
        let timedOut = false;
        const slow = setTimeout(() => {
          if (ticket === latest.current) setStatus("slow");
        }, ALS_SLOW_MS);
        const deadline = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, ALS_TIMEOUT_MS);
        const { url, headers } = alsRequest(text, alsUrl);
        try {
          const response = await fetch(url, { headers, signal: controller.signal });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const answer: unknown = await response.json();
          if (ticket !== latest.current) return;
          const found = alsSuggestions(answer);
          setSuggestions(found);
          setStatus(found.length > 0 ? "found" : "none");
        } catch (error) {
          if ((controller.signal.aborted && !timedOut) || ticket !== latest.current) return;
          const reason = timedOut
            ? "timed out"
            : error instanceof Error && error.message.startsWith("HTTP ")
              ? error.message
              : String((error as Error)?.name);
          console.warn(`nu-address-selector: address lookup failed (${reason})`);
          setSuggestions([]);
          setStatus("failed");
        } finally {
          clearTimeout(slow);
          clearTimeout(deadline);
          if (inFlight.current === controller) inFlight.current = null;
        }
      }, ALS_DEBOUNCE_MS);
    },
    [alsUrl, cancel],
  );

  const clear = useCallback(() => {
    cancel();
    setSuggestions([]);
    setStatus("idle");
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return { suggestions, status, lookup, clear };
}
