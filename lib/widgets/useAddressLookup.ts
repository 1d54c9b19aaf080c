import { useCallback, useEffect, useRef, useState } from "react";
import {
  ALS_DEBOUNCE_MS,
  type AlsSuggestion,
  alsRequest,
  alsSuggestions,
  shouldLookup,
} from "../core/als.ts";

/**
 * Building-name suggestions from the Address Lookup Service: a lookup runs 400 ms after the last
 * keystroke and only for text longer than 1 character. Every new text makes older answers stale
 * (a counter, plus aborting the request in flight), so a slow answer can never overwrite a newer
 * one. A failed lookup is only logged — without the text, which is personal data — and leaves the
 * list as it was; an empty answer empties it.
 */
export function useAddressLookup(alsUrl: string) {
  const [suggestions, setSuggestions] = useState<AlsSuggestion[]>([]);
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
        return;
      }
      const ticket = latest.current;
      timer.current = setTimeout(async () => {
        const controller = new AbortController();
        inFlight.current = controller;
        const { url, headers } = alsRequest(text, alsUrl);
        try {
          const response = await fetch(url, { headers, signal: controller.signal });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const answer: unknown = await response.json();
          if (ticket === latest.current) setSuggestions(alsSuggestions(answer));
        } catch (error) {
          if (controller.signal.aborted || ticket !== latest.current) return;
          const reason =
            error instanceof Error && error.message.startsWith("HTTP ")
              ? error.message
              : String((error as Error)?.name);
          console.warn(`nu-address-selector: address lookup failed (${reason})`);
        } finally {
          if (inFlight.current === controller) inFlight.current = null;
        }
      }, ALS_DEBOUNCE_MS);
    },
    [alsUrl, cancel],
  );

  const clear = useCallback(() => {
    cancel();
    setSuggestions([]);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return { suggestions, lookup, clear };
}
