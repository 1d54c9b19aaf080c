import { useEffect, useRef, useState } from "react";
import type { ApiClient } from "../api/index.ts";
import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import { ErrorMessage } from "../ui/form/ErrorMessage.tsx";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { useIds } from "../ui/ids.ts";
import { EndStaffSessions } from "./EndStaffSessions.tsx";
import type { StaffStep } from "./events.ts";
import { wantCamera } from "./useStaffApi.ts";

/**
 * The tools, the counter's most used first. The redeem centre needs a customer: its tile opens
 * verification with the camera already on, and the scanned customer's page redeems.
 */
const TOOLS = [
  { step: "verification", title: "staff.tools.verification", hint: "staff.tools.verificationHint" },
  { step: "verification", title: "staff.tools.redeem", hint: "staff.tools.redeemHint", camera: true },
  { step: "nutritionist_redeem", title: "staff.tools.nutritionist", hint: "staff.tools.nutritionistHint" },
  { step: "invoice_qrcode", title: "staff.tools.invoice", hint: "staff.tools.invoiceHint" },
  // Admins only: others never see it (the page and the API refuse them too).
  { step: "leads", title: "staff.tools.leads", hint: "staff.tools.leadsHint", admin: true },
] as const;

/** A role value as staff read it (`staff` → 職員); an unknown role is shown as stored. */
export function roleLabel(lang: Lang, role: string): string {
  if (role === "staff") return t(lang, "staff.role.staff");
  if (role === "admin") return t(lang, "staff.role.admin");
  return role;
}

/** The signed-in staff home: who is signed in, the tools, and sign-out. */
export function StaffTools(props: {
  lang: Lang;
  name: string;
  staffId: string;
  role: string;
  onOpen: (step: StaffStep) => void;
  onSignOut: () => void;
  /** Ends every session of this staff id; resolves to the text of a failure, or "". */
  onSignOutEverywhere: () => Promise<string>;
  /** For admins' "end a staff member's sign-ins". */
  client: Pick<ApiClient, "signOut">;
}) {
  const { lang } = props;
  const ids = useIds("title", "session", "everywhereHint", "everywhereAsk");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  // 登出所有裝置 asks once more, beside it: it ends every counter's session of this staff id.
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [confirming]);
  const everywhere = async () => {
    if (busy) return;
    setBusy(true);
    setFailure("");
    const message = await props.onSignOutEverywhere();
    // Signed out, this component is gone; only a failure is left to show.
    if (message) {
      setFailure(message);
      setBusy(false);
    }
  };
  return (
    <>
      <section className="nu-panel" aria-labelledby={ids.title}>
        <h2 className="nu-panel-title" id={ids.title}>
          {t(lang, "staff.tools.greeting", { name: props.name || props.staffId })}
        </h2>
        <p className="nu-muted">
          {t(lang, "staff.tools.signedInAs", { id: props.staffId, role: roleLabel(lang, props.role) })}
        </p>
        <ul className="nu-tools" aria-label={t(lang, "staff.tools.title")}>
          {TOOLS.filter((tool) => !("admin" in tool) || props.role === "admin").map((tool) => (
            <li key={tool.title}>
              <button
                type="button"
                className="nu-tool"
                onClick={() => {
                  if ("camera" in tool) wantCamera(true);
                  props.onOpen(tool.step);
                }}
              >
                <span className="nu-tool-title">{t(lang, tool.title)}</span>
                <span className="nu-tool-hint">{t(lang, tool.hint)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      {props.role === "admin" ? <EndStaffSessions lang={lang} client={props.client} /> : null}
      <section className="nu-panel nu-session" aria-labelledby={ids.session}>
        <h2 className="nu-panel-title" id={ids.session}>
          {t(lang, "staff.tools.session")}
        </h2>
        <div className="nu-actions">
          <button type="button" className="nu-button nu-button--secondary" onClick={props.onSignOut}>
            {t(lang, "staff.signOut")}
          </button>
        </div>
        {/* Rare and far-reaching (every counter of this staff id): small, apart, and asked again. */}
        <div className="nu-everywhere">
          <p className="nu-muted" id={ids.everywhereHint}>
            {t(lang, "staff.signOutEverywhereHint")}
          </p>
          {confirming ? null : (
            <button
              type="button"
              className="nu-link-button"
              aria-describedby={ids.everywhereHint}
              onClick={() => setConfirming(true)}
            >
              {t(lang, "staff.signOutEverywhere")}
            </button>
          )}
        </div>
        {confirming ? (
          <div ref={confirmRef} className="nu-confirm-inline">
            <p id={ids.everywhereAsk}>{t(lang, "staff.signOutEverywhereAsk", { id: props.staffId })}</p>
            <div className="nu-actions">
              <SubmitButton
                type="button"
                busy={busy}
                onPress={() => void everywhere()}
                describedBy={ids.everywhereAsk}
              >
                {t(lang, "staff.signOutEverywhereConfirm")}
              </SubmitButton>
              <button
                type="button"
                className="nu-button nu-button--secondary"
                disabled={busy}
                onClick={() => setConfirming(false)}
              >
                {t(lang, "common.cancel")}
              </button>
            </div>
          </div>
        ) : null}
        <ErrorMessage message={failure} />
      </section>
    </>
  );
}
