/**
 * An API client whose code (client.ts with ky, about 6 kB gzip) is imported on its first call. The
 * element runtime hands these to host pages: a page that shows a widget and never calls the API
 * never downloads the client. Every method of the client returns a Promise, so this one has the
 * very same shape for its callers.
 */
import { errorMessage } from "../core/i18n/index.ts";
import type { ApiClient, ApiClientOptions } from "./client.ts";
import { ApiError } from "./errors.ts";

type Method = {
  [K in keyof ApiClient]: ApiClient[K] extends (...args: never[]) => unknown ? K : never;
}[keyof ApiClient];

/**
 * Every method of the client, each `true` only when it returns a Promise: a method added to the
 * client without a line here, or one that answers synchronously, fails the type check.
 */
const METHODS: { [K in Method]: ReturnType<ApiClient[K]> extends Promise<unknown> ? true : never } = {
  call: true,
  products: true,
  clinics: true,
  hospitals: true,
  legalDocuments: true,
  redemptionOffer: true,
  requestEmailCode: true,
  verifyEmailCode: true,
  getLead: true,
  getLeadBy: true,
  createLead: true,
  patchLead: true,
  staffLogin: true,
  staffOtp: true,
  getStaff: true,
  signOut: true,
  renewStaffToken: true,
  redeem: true,
  createInvoice: true,
  getInvoice: true,
  getMaintenance: true,
  putMaintenance: true,
  devOutbox: true,
};

type ClientModule = typeof import("./client.ts");

let clientModule: Promise<ClientModule> | undefined;

/**
 * The client's chunk, through the element bundle's loader (build/chunk-retry.ts rewrites this
 * import()); a failed load is forgotten, so the next call asks the network again.
 */
function loadClientModule(): Promise<ClientModule> {
  clientModule ??= import("./client.ts").catch((error: unknown) => {
    clientModule = undefined;
    throw error;
  });
  return clientModule;
}

/**
 * The client for `options`, created on the first call and kept (the staff code step's ticket lives
 * in it). A call whose client code cannot load (offline) fails as a call without network does: an
 * ApiError `NETWORK`, status 0.
 */
export function lazyApiClient(options: ApiClientOptions): ApiClient {
  let client: Promise<ApiClient> | undefined;
  const ready = () => {
    client ??= loadClientModule().then(
      ({ createApiClient }) => createApiClient(options),
      () => {
        client = undefined;
        const message = errorMessage(options.lang ?? "zh-HK", "NETWORK");
        throw new ApiError({ status: 0, code: "NETWORK", message });
      },
    );
    return client;
  };
  const lazy: Record<string, unknown> = { apiBase: options.apiBase };
  for (const name of Object.keys(METHODS) as Method[]) {
    lazy[name] = (...args: unknown[]) =>
      ready().then((api) => (api[name] as (...args: unknown[]) => Promise<unknown>)(...args));
  }
  return lazy as ApiClient;
}
