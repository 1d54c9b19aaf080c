import { useEffect, useState } from "react";

/** Whole seconds left until `untilMs` (0 once passed), re-rendering every second while counting. */
export function useCountdown(untilMs: number): number {
  const left = () => Math.max(0, Math.ceil((untilMs - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: left() reads untilMs, the only input.
  useEffect(() => {
    setSeconds(left());
    if (left() === 0) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [untilMs]);
  return seconds;
}
