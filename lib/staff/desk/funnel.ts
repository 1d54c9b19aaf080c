import type { FunnelDay } from "./deskApi.ts";

export const FUNNEL_STEPS = ["codes_sent", "verified", "leads", "redeemed"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type FunnelCounts = Record<FunnelStep, number>;

const zero = (): FunnelCounts => ({ codes_sent: 0, verified: 0, leads: 0, redeemed: 0 });

/** The API's rows (one per day × flow × partner) summed per day, oldest first, and in total. */
export function sumFunnel(rows: readonly FunnelDay[]): {
  days: { day: string; counts: FunnelCounts }[];
  total: FunnelCounts;
} {
  const byDay = new Map<string, FunnelCounts>();
  const total = zero();
  for (const row of rows) {
    const counts = byDay.get(row.day) ?? zero();
    for (const step of FUNNEL_STEPS) {
      const n = Number(row[step]) || 0;
      counts[step] += n;
      total[step] += n;
    }
    byDay.set(row.day, counts);
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, counts]) => ({ day, counts }));
  return { days, total };
}

/** `leads` out of `verified` as a percentage text (`62.5%`), or '—' when the step before is 0. */
export function conversion(counts: FunnelCounts, step: FunnelStep): string {
  const index = FUNNEL_STEPS.indexOf(step);
  if (index === 0) return "";
  const before = counts[FUNNEL_STEPS[index - 1]];
  if (!before) return "—";
  return `${Math.round((counts[step] / before) * 1000) / 10}%`;
}
