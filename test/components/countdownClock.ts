import { expect, vi } from "vitest";

/**
 * A countdown's clock (its one-second interval and `Date`) that moves when the test says, so a
 * test of a 60 s countdown takes no time. Other timers stay real: the runtimes schedule renders
 * with them. A tick waits for the countdown's interval first (Preact starts effects after the next
 * paint). Call `vi.useRealTimers()` after the test.
 */
export function countdownClock(): { tick(): Promise<void> } {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
  return {
    async tick() {
      await expect.poll(() => vi.getTimerCount()).toBeGreaterThan(0);
      vi.advanceTimersByTime(1000);
    },
  };
}
