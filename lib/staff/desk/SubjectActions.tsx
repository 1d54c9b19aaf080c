import { useState } from "react";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { ConfirmStep } from "./ConfirmStep.tsx";
import type { DeskApi } from "./deskApi.ts";
import { saveFile } from "./deskApi.ts";
import { ActionButton, type DeskContext, DeskPanel } from "./deskParts.tsx";
import { useAction } from "./useAction.ts";

/**
 * A data subject's rights from the lead screen, by the lead's e-mail: everything held about the
 * person as JSON or CSV (`GET /api/admin/subjects?email=`), and erasure
 * (`POST /api/admin/subjects/erase`) behind a second step that says what it does and that it is final.
 */
export function SubjectActions(props: {
  ctx: DeskContext;
  api: DeskApi;
  email: string;
  download: (path: string, fallback: string) => Promise<string>;
  onErased: () => void;
}) {
  const { ctx, email } = props;
  const { t } = ctx;
  const { busy, done, failure, act } = useAction<"json" | "csv" | "erase">(ctx);
  const [asking, setAsking] = useState(false);
  const fileName = (ext: string) => `subject-${new Date().toISOString().slice(0, 10)}.${ext}`;

  const json = () =>
    act("json", async () => {
      const record = await props.api.subject(email);
      const name = fileName("json");
      saveFile(new Blob([JSON.stringify(record, null, 2)], { type: "application/json" }), name);
      return t("desk.subject.downloaded", { file: name });
    });
  const csv = () =>
    act("csv", async () => {
      const query = new URLSearchParams({ email, format: "csv" }).toString();
      const name = await props.download(`admin/subjects?${query}`, fileName("csv"));
      return t("desk.subject.downloaded", { file: name });
    });
  const erase = () =>
    act("erase", async () => {
      const result = await props.api.erase(email);
      setAsking(false);
      props.onErased();
      return t("desk.erase.done", { n: result?.erased_leads ?? 0 });
    });

  return (
    <DeskPanel id="desk-subject" title={t("desk.subject.title")}>
      <p className="nu-muted">{t("desk.subject.intro", { email })}</p>
      <div className="nu-actions">
        <ActionButton name="json" busy={busy} onPress={() => void json()}>
          {t("desk.subject.json")}
        </ActionButton>
        <ActionButton name="csv" busy={busy} onPress={() => void csv()}>
          {t("desk.subject.csv")}
        </ActionButton>
      </div>
      <p className="nu-status nu-notice" role="status">
        {done}
      </p>
      <ErrorMessage message={failure} />
      {asking ? (
        <ConfirmStep
          ctx={ctx}
          id="desk-erase-ask"
          danger
          question={t("desk.erase.ask", { email })}
          confirm={t("desk.erase.confirm")}
          busy={busy === "erase"}
          onConfirm={() => void erase()}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <div className="nu-actions">
          <button
            type="button"
            className="nu-button nu-button--secondary nu-desk-erase"
            disabled={!email}
            onClick={() => setAsking(true)}
          >
            {t("desk.erase.button")}
          </button>
        </div>
      )}
    </DeskPanel>
  );
}
