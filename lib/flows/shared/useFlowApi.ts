import { useMemo } from "react";
import { type ApiClient, createApiClient } from "../../api/index.ts";
import { resolveConfig } from "../../config.ts";
import type { Lang } from "../../core/i18n/index.ts";
import { $flags } from "../../state/index.ts";

/** The API client of a flow element: attribute > page configuration, with the customer token. */
export function useFlowApi(apiBase: string | undefined, apiKey: string | undefined, lang: Lang): ApiClient {
  return useMemo(() => {
    const config = resolveConfig({ apiBase, apiKey });
    return createApiClient({
      apiBase: config.apiBase,
      apiKey: config.apiKey,
      lang,
      getToken: () => $flags.get().CUSTOMER_TOKEN,
    });
  }, [apiBase, apiKey, lang]);
}
