/**
 * Which main-thread tasks make Lighthouse's total blocking time, and why (docs/performance.md,
 * seventh round). Lighthouse's default "simulate" mode does not time the page as it ran: Lantern
 * replays the observed trace on a simulated slow phone (each task × 4, a task that laid out × 2)
 * and counts, between its simulated FCP and TTI, what each task of 50 ms or more has beyond 50 ms.
 * This prints Lantern's own simulation of a saved run: the simulated FCP and TTI, and every CPU
 * task of 20 ms or more with its simulated start and end, its observed duration and what ran in it.
 *
 *   CHROME_PATH=/usr/bin/chromium npx lighthouse http://127.0.0.1:8203/customer/nuForm \
 *     --output=json --output-path=/tmp/lh/run.json --save-assets \
 *     --only-categories=performance --chrome-flags="--headless=new --no-sandbox"
 *   node --import tsx bench/lantern-tasks.ts /tmp/lh/run.json
 */
import { readFileSync } from "node:fs";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternInteractive } from "lighthouse/core/computed/metrics/lantern-interactive.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";
import { defaultSettings } from "lighthouse/core/config/constants.js";

interface TraceEvent {
  name: string;
  dur?: number;
}
interface SimulatedNode {
  type: string;
  startTime: number;
  event?: TraceEvent;
  childEvents?: TraceEvent[];
  request?: { url: string };
}
interface Timing {
  startTime: number;
  endTime: number;
  duration: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<SimulatedNode, Timing>;
}

const reportPath = process.argv[2];
if (!reportPath?.endsWith(".json")) {
  console.error(
    "usage: node --import tsx bench/lantern-tasks.ts <lighthouse report.json saved with --save-assets>",
  );
  process.exit(2);
}
const base = reportPath.replace(/\.json$/, "");
const read = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const report = read(reportPath);
const data = {
  trace: read(`${base}-0.trace.json`),
  devtoolsLog: read(`${base}-0.devtoolslog.json`),
  settings: { ...defaultSettings, throttlingMethod: "simulate" },
  gatherContext: { gatherMode: "navigation" },
  simulator: null,
  URL: {
    requestedUrl: report.requestedUrl,
    mainDocumentUrl: report.mainDocumentUrl,
    finalDisplayedUrl: report.finalDisplayedUrl,
  },
  SourceMaps: [],
};
const context = { computedCache: new Map() };
type Metric = { optimisticEstimate: Estimate; pessimisticEstimate: Estimate; timing: number };
const request = (metric: unknown) =>
  (metric as { request: (d: unknown, c: unknown) => Promise<Metric> }).request(data, context);
const fcp = await request(LanternFirstContentfulPaint);
const tti = await request(LanternInteractive);
const tbt = await request(LanternTotalBlockingTime);
const ms = (n: number) => `${Math.round(n)} ms`;
console.log(
  `report: TBT ${ms(report.audits["total-blocking-time"].numericValue)}; this replay: TBT ${ms(tbt.timing)}, ` +
    `FCP ${ms(fcp.optimisticEstimate.timeInMs)} (optimistic) / ${ms(fcp.pessimisticEstimate.timeInMs)}, ` +
    `TTI ${ms(tti.optimisticEstimate.timeInMs)} / ${ms(tti.pessimisticEstimate.timeInMs)}`,
);
const timings = [...tti.optimisticEstimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
const origin = Math.min(...timings.map(([node]) => node.startTime));
for (const [node, timing] of timings) {
  if (node.type !== "cpu" || timing.duration < 20) continue;
  const inside = (node.childEvents ?? [])
    .filter((event) => (event.dur ?? 0) > 2000)
    .slice(0, 4)
    .map((event) => `${event.name} ${((event.dur ?? 0) / 1000).toFixed(1)}`)
    .join(", ");
  console.log(
    `  ${ms(timing.startTime)}–${ms(timing.endTime)} simulated (${ms(timing.duration)}); observed at ` +
      `${ms((node.startTime - origin) / 1000)}, ${((node.event?.dur ?? 0) / 1000).toFixed(1)} ms: ${inside}`,
  );
}
