/**
 * What a page that loads the element bundle may use besides the elements themselves. Nothing is
 * put on `window`; pages get this object from the module (`import { runtime } from ".../nu-forms.js"`),
 * so a host page shares the very same store instances as the elements.
 */
import type { ApiClient } from "../api/client.ts";
import { lazyApiClient } from "../api/lazyClient.ts";
import { configure, resolveConfig } from "../config.ts";
import { checkStaffToken } from "../core/staffToken.ts";
import type { Flow, MaintenanceRecord } from "../core/types.ts";
import { isUnauthorised } from "../gates/unauthorised.ts";
import { signOutStaff as endStaffSession, sessionExpired } from "../staff/staffSignOut.ts";
import {
  $flags,
  $ownProgress,
  $settings,
  applyFlagChanges,
  clearFlags,
  getFlags,
  keepFlagsMounted,
  removeFlags,
  setFlag,
} from "../state/index.ts";

keepFlagsMounted();

/**
 * An API client for the page's configuration, sending the staff token when one is stored. Its code
 * loads on its first call (lib/api/lazyClient.ts): most pages with an element never call it.
 */
function staffApi(): ApiClient {
  const config = resolveConfig();
  return lazyApiClient({
    apiBase: config.apiBase,
    apiKey: config.apiKey,
    getToken: () => getFlags().Token,
  });
}

/**
 * Staff sign-out: this device at once, the server in the background (see lib/staff/staffSession.ts).
 * Without network, or without the client's code, the device is signed out all the same.
 */
function signOutStaff(): Promise<boolean> {
  return endStaffSession(staffApi());
}

/** Staff tokens the server has confirmed during this page load. */
const confirmedTokens = new Set<string>();

/**
 * A fresh staff token of the same session, stored in place of the old one, unless the old one left
 * this device while the server answered (signed out in another tab): that sign-out stands.
 */
async function renewStaffToken(): Promise<void> {
  const renewed = getFlags().Token;
  const { token } = await staffApi().renewStaffToken();
  confirmedTokens.add(token);
  if (getFlags().Token === renewed) setFlag("Token", token);
}

/**
 * Whether the stored staff token's session is live on the server, asked once per token and page
 * load (by renewing it: opening a staff page is activity). A token signed out elsewhere still looks
 * valid to the browser; this is what catches it. false only when the server refused it; without a
 * network the answer is true (the calls themselves will tell).
 */
async function confirmStaffSession(): Promise<boolean> {
  const token = getFlags().Token;
  if (!token || confirmedTokens.has(token) || checkStaffToken(token) !== true) return true;
  try {
    await renewStaffToken();
    return true;
  } catch (error) {
    return !isUnauthorised(error);
  }
}

/** The maintenance record from the configured maintenance URL. */
function loadMaintenance(): Promise<MaintenanceRecord> {
  const config = resolveConfig();
  return lazyApiClient({ apiBase: config.apiBase, apiKey: config.apiKey }).getMaintenance(
    config.maintenanceUrl,
  );
}

export const runtime = {
  configure,
  resolveConfig,
  $settings,
  $ownProgress,
  $flags,
  getFlags,
  setFlag,
  removeFlags,
  clearFlags,
  applyFlagChanges,
  staffApi,
  signOutStaff,
  renewStaffToken,
  confirmStaffSession,
  /** The staff session ran out on this page: keep its path for after sign-in, drop the token. */
  staffSessionExpired: sessionExpired,
  loadMaintenance,
  /**
   * The gate's `signInReason`, for the flow's sign-in page to show (host pages call it on a
   * redirect). The flow code loads it: pages without a customer flow do not carry it.
   */
  noteSignInReason(flow: Flow, reason: string | undefined): void {
    if (!reason) return;
    void import("./facades/signInReason.ts").then((session) => session.noteSignInReason(flow, reason));
  },
};

export type NuFormsRuntime = typeof runtime;
