/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in
 * between (each task stays short: Lighthouse's total blocking time counts every task over 50 ms on
 * a 4× slower phone). `scheduler.yield()` keeps the continuation ahead of other queued work where
 * the browser has it; elsewhere a macrotask.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resume) => setTimeout(resume, 0));
}
