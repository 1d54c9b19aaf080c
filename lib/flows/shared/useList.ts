import { useCallback, useEffect, useState } from "react";
import { errorText } from "../../api/errorText.ts";
import type { Lang } from "../../core/i18n/index.ts";

interface Answer<T> {
  load: () => Promise<T[]>;
  items: T[] | null;
  error: string;
}

/**
 * A list read from the API for a step (clinics, hospitals, products), with its error and a retry.
 * An answer counts only for the `load` that gave it: when `load` changes (the hospital type), the
 * render before the new load starts shows the loading line, not the old list (an empty or the
 * other type's hospital dropdown, flashing and clickable).
 */
export function useList<T>(load: (() => Promise<T[]>) | null, lang: Lang) {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [tick, setTick] = useState(0);
  const retry = useCallback(() => setTick((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick re-runs the load on retry.
  useEffect(() => {
    setAnswer(null);
    if (!load) return;
    let current = true;
    load().then(
      (items) => {
        if (current) setAnswer({ load, items, error: "" });
      },
      (failure: unknown) => {
        if (current) setAnswer({ load, items: null, error: errorText(lang, failure) });
      },
    );
    return () => {
      current = false;
    };
  }, [load, lang, tick]);
  const mine = load && answer?.load === load ? answer : null;
  return { items: mine ? mine.items : null, error: mine ? mine.error : "", retry };
}
