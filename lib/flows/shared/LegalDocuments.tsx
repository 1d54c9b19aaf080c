import { useCallback, useRef, useState } from "react";
import { hkToday, sentenceDate } from "../../core/dates.ts";
import type { AcceptedDocument, LegalDocument, LegalDocumentKind } from "../../core/types.ts";
import { dialogSheet, useModalDialog } from "../../ui/dialog.ts";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { useIds } from "../../ui/ids.ts";
import { sheet, useStyles } from "../../ui/styles.ts";
import { focusRing, space, token } from "../../ui/theme.ts";
import { useFlow } from "./FlowContext.tsx";
import { useList } from "./useList.ts";

/** The documents the terms step names, in the order it names them. */
export const DOCUMENT_KINDS: readonly LegalDocumentKind[] = ["privacy_policy", "pics"];

const documentSheet = sheet(`
/* The label, then the links in a column of their own: a long name (English) wraps inside that
   column, under the first link's left edge, instead of centring on a line of its own. */
.nu-doc-links { display: flex; flex-wrap: wrap; gap: ${space(0.5)} ${space(1.5)}; align-items: baseline; margin: 0; }
.nu-doc-links-label { color: ${token("color-muted")}; font-size: 0.875em; }
.nu-doc-links-list { display: flex; flex-wrap: wrap; flex: 1 1 12em; gap: 0 ${space(1.5)}; align-items: baseline; }
.nu-doc-links-list > .nu-link-button { text-align: start; }
.nu-doc-dialog { width: min(calc(100vw - 24px), 640px); }
.nu-doc-meta { color: ${token("color-muted")}; font-size: 0.875em; }
.nu-doc-body {
  white-space: pre-line; overflow-wrap: anywhere; max-height: min(60dvh, 32em); overflow: auto;
  padding: ${space(1.5)}; border: 1px solid ${token("color-border")}; border-radius: ${token("radius")};
  background: ${token("color-background")}; font-size: 0.9375em; line-height: 1.6;
}
.nu-doc-body:focus-visible { ${focusRing} }
`);

/** The operator's documents in the flow's language (null while loading), with the load error. */
export function useLegalDocuments() {
  const { api, lang } = useFlow();
  const { items, error, retry } = useList(
    useCallback(() => api.legalDocuments(lang), [api, lang]),
    lang,
  );
  return { documents: items, error, retry };
}

/** The versions a customer accepts with the terms: the ones shown (none loaded: the server records those in force). */
export function acceptedVersions(documents: LegalDocument[] | null): AcceptedDocument[] | undefined {
  if (!documents?.length) return undefined;
  return documents.map(({ kind, version }) => ({ kind, version }));
}

/**
 * A button per document named on the terms step, each opening the document's full text in a
 * modal dialog (native `<dialog>`: focus stays inside, Escape closes, focus returns to the button).
 */
export function DocumentLinks({
  documents,
  error,
  describedBy,
}: {
  documents: LegalDocument[] | null;
  error: string;
  /** id of the consent these documents belong to. */
  describedBy?: string;
}) {
  const { t } = useFlow();
  const ref = useRef<HTMLParagraphElement>(null);
  const styles = useStyles(ref, dialogSheet, documentSheet);
  const [open, setOpen] = useState<LegalDocumentKind | null>(null);
  const name = (kind: LegalDocumentKind) => t(`flows.documents.${kind}`);
  return (
    <>
      {styles}
      <p ref={ref} className="nu-doc-links" aria-describedby={describedBy}>
        <span className="nu-doc-links-label">{t("flows.documents.heading")}</span>
        <span className="nu-doc-links-list">
          {DOCUMENT_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              className="nu-link-button"
              aria-haspopup="dialog"
              aria-label={t("flows.documents.open", { name: name(kind) })}
              onClick={() => setOpen(kind)}
              part="document-link"
            >
              {name(kind)}
            </button>
          ))}
        </span>
      </p>
      <DocumentDialog
        kind={open}
        document={documents?.find((d) => d.kind === open) ?? null}
        loading={documents === null && !error}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

function DocumentDialog({
  kind,
  document,
  loading,
  onClose,
}: {
  kind: LegalDocumentKind | null;
  document: LegalDocument | null;
  loading: boolean;
  onClose: () => void;
}) {
  const { t, lang } = useFlow();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const ids = useIds("title", "meta");
  useModalDialog(dialogRef, kind, () => onClose());
  const name = kind ? t(`flows.documents.${kind}`) : "";
  return (
    <dialog
      ref={dialogRef}
      className="nu-dialog nu-doc-dialog"
      part="dialog document-dialog"
      aria-labelledby={ids.title}
      aria-describedby={document ? ids.meta : undefined}
    >
      {kind ? (
        <div className="nu-dialog-box">
          <h2 id={ids.title} className="nu-dialog-title" part="dialog-title">
            {document?.title ?? name}
          </h2>
          {document ? (
            <>
              <p id={ids.meta} className="nu-doc-meta">
                {t("flows.documents.version", {
                  version: document.version,
                  date: sentenceDate(hkToday(Date.parse(document.published_at)), lang),
                })}
              </p>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable text must be reachable by keyboard. */}
              <div className="nu-doc-body" tabIndex={0} role="document" aria-labelledby={ids.title}>
                {document.body}
              </div>
            </>
          ) : loading ? (
            <p role="status">{t("common.loading")}</p>
          ) : (
            <ErrorMessage lang={lang} message={t("flows.documents.unavailable", { name })} />
          )}
          <div className="nu-dialog-actions">
            <button type="button" className="nu-button" onClick={() => dialogRef.current?.close()}>
              {t("flows.documents.close")}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
