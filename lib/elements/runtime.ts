/**
 * What a page that loads the element bundle may use besides the elements themselves. Nothing is
 * put on `window`; pages get this object from the module (`import { runtime } from ".../nu-forms.js"`),
 * so a host page shares the very same store instances as the elements.
 */
import { type ApiClient, createApiClient } from "../api/index.ts";
import { configure, resolveConfig } from "../config.ts";
import type { MaintenanceRecord } from "../core/types.ts";
import type { CustomerFlow } from "../gate.ts";
import {
  $flags,
  $settings,
  applyFlagChanges,
  clearFlags,
  getFlags,
  removeFlags,
  setFlag,
} from "../state/index.ts";

/** An API client for the page's configuration, sending the staff token when one is stored. */
function staffApi(): ApiClient {
  const config = resolveConfig();
  return createApiClient({
    apiBase: config.apiBase,
    apiKey: config.apiKey,
    getToken: () => getFlags().Token,
  });
}

/** The maintenance record from the configured maintenance URL. */
function loadMaintenance(): Promise<MaintenanceRecord> {
  const config = resolveConfig();
  return createApiClient({ apiBase: config.apiBase, apiKey: config.apiKey }).getMaintenance(
    config.maintenanceUrl,
  );
}

export const runtime = {
  configure,
  resolveConfig,
  $settings,
  $flags,
  getFlags,
  setFlag,
  removeFlags,
  clearFlags,
  applyFlagChanges,
  staffApi,
  loadMaintenance,
  /**
   * The gate's `signInReason`, for the flow's sign-in page to show (host pages call it on a
   * redirect). The flow code loads it: pages without a customer flow do not carry it.
   */
  noteSignInReason(flow: CustomerFlow, reason: string | undefined): void {
    if (!reason) return;
    void import("../flows/shared/session.ts").then((session) => session.noteSignInReason(flow, reason));
  },
};

export type NuFormsRuntime = typeof runtime;
