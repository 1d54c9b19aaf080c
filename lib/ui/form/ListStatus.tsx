import type { Lang } from "../../core/i18n/index.ts";
import { useT } from "../useT.ts";
import { ErrorMessage } from "./ErrorMessage.tsx";

/** Loading line, or the load error with a retry button, for a list a step reads. */
export function ListStatus({
  loading,
  error,
  retry,
  lang,
}: {
  loading: boolean;
  error: string;
  retry: () => void;
  lang: Lang;
}) {
  const t = useT(lang);
  if (error) {
    return (
      <div className="nu-field">
        <ErrorMessage lang={lang} message={error} />
        <div className="nu-actions">
          <button type="button" className="nu-button nu-button--secondary" onClick={retry}>
            {t("common.retry")}
          </button>
        </div>
      </div>
    );
  }
  return loading ? (
    <p className="nu-hint" role="status">
      {t("common.loading")}
    </p>
  ) : null;
}
