import { useEffect, useState } from "react";

/**
 * Whole seconds left until `untilMs` (0 once passed). Computed on every render, so a new deadline
 * shows at once; a one-second tick re-renders while counting.
 */
export function useCountdown(untilMs: number): number {
  const [, setTick] = useState(0);
  const seconds = Math.max(0, Math.ceil((untilMs - Date.now()) / 1000));
  useEffect(() => {
    if (untilMs <= Date.now()) return;
    const timer = setInterval(() => {
      setTick((n) => n + 1);
      if (Date.now() >= untilMs) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [untilMs]);
  return seconds;
}
