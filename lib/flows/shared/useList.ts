import { useCallback, useEffect, useState } from "react";
import { errorText } from "../../api/errorText.ts";
import type { Lang } from "../../core/i18n/index.ts";

/** A list read from the API for a step (clinics, hospitals, products), with its error and a retry. */
export function useList<T>(load: (() => Promise<T[]>) | null, lang: Lang) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState("");
  const [tick, setTick] = useState(0);
  const retry = useCallback(() => setTick((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick re-runs the load on retry.
  useEffect(() => {
    if (!load) {
      setItems(null);
      return;
    }
    let current = true;
    setError("");
    setItems(null);
    load().then(
      (list) => {
        if (current) setItems(list);
      },
      (failure: unknown) => {
        if (current) setError(errorText(lang, failure));
      },
    );
    return () => {
      current = false;
    };
  }, [load, lang, tick]);
  return { items, error, retry };
}
