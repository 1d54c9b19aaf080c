import type { Lead } from "../lib/core/types.ts";
import type { Secrets } from "./auth/secret.ts";
import type { Sessions } from "./auth/sessions.ts";
import type { Tokens } from "./auth/tokens.ts";
import type { ServerConfig } from "./config.ts";
import type { Db } from "./db/db.ts";
import type { NotifiedCache } from "./db/notifiedCache.ts";
import type { Logger } from "./log.ts";
import type { Metrics } from "./observability/metrics.ts";
import type { Tracing } from "./observability/tracing.ts";
import type { ReferenceLists } from "./services/lists.ts";
import type { Mailer } from "./services/mail.ts";
import type { Webhooks } from "./services/webhooks/worker.ts";

/** What every route and service may use; built once per app by createApp. */
export interface Deps {
  db: Db;
  config: ServerConfig;
  secrets: Secrets;
  tokens: Tokens;
  sessions: Sessions;
  mailer: Mailer;
  /** Hospitals, clinics, products: in memory, dropped when the database changes them. */
  lists: ReferenceLists;
  /** Whole leads with their redemptions, before masking: dropped per lead by NOTIFY (migration 008). */
  leads: NotifiedCache<Lead>;
  /** Milliseconds since the epoch; every expiry and window is measured with it. */
  now: () => number;
  /** JSON-lines log; see log.ts for what may go in. */
  logger: Logger;
  /** Prometheus counters of this app (NO_METRICS when nobody may read them). */
  metrics: Metrics;
  /** OpenTelemetry spans (NO_TRACING unless OTEL_EXPORTER_OTLP_ENDPOINT is set). */
  tracing: Tracing;
  /** The webhook delivery worker (docs/webhooks.md); `wake()` after writing an event. */
  webhooks: Webhooks;
}
