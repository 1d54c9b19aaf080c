/** @jsxImportSource preact */
import { useEffect, useRef, useState } from "preact/hooks";
import { route } from "preact-router";
import type { StaffTexts } from "../../lib/core/i18n/host/staff.ts";
import { isUnauthorised } from "../../lib/gates/staffGate.ts";
import { countdown, idlePlan, shouldRenew } from "../../lib/staff/idle.ts";
import { noteSessionEnded } from "../../lib/staff/sessionEndedNote.ts";
import { STAFF_SESSION_KEYS } from "../../lib/staff/staffSessionKeys.ts";
import { useRuntime } from "../runtime.ts";

const ACTIVITY = ["pointerdown", "keydown"] as const;

/**
 * Staff sessions end after 30 idle minutes. While a staff page is open this renews the
 * token on activity, warns two minutes before the token runs out (a modal alert dialog with
 * "stay signed in"), and at the end signs the device out, keeping the page to return to.
 */
export function IdleWarning({ texts }: { texts: StaffTexts }) {
  const runtime = useRuntime();
  const [token, setToken] = useState(runtime.$flags.get().Token);
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(Date.now());
  const [failure, setFailure] = useState("");
  const dialog = useRef<HTMLDialogElement>(null);
  const renewing = useRef<Promise<boolean> | null>(null);
  const plan = idlePlan(token);

  useEffect(() => runtime.$flags.subscribe((flags) => setToken(flags.Token)), [runtime]);

  const expire = () => {
    const path = `${window.location.pathname}${window.location.search}`;
    noteSessionEnded("idle");
    if (window.location.pathname.toLowerCase() !== "/staff/home") runtime.staffSessionExpired(path);
    runtime.removeFlags(STAFF_SESSION_KEYS);
    route("/staff/home");
  };

  /** One renewal at a time: a second caller shares the one in flight. */
  const renew = (): Promise<boolean> => {
    renewing.current ??= runtime.renewStaffToken().then(
      () => true,
      (error: unknown) => {
        if (isUnauthorised(error)) expire();
        return false;
      },
    );
    const pending = renewing.current;
    void pending.then(() => {
      if (renewing.current === pending) renewing.current = null;
    });
    return pending;
  };

  // Activity renews a token old enough, so someone at work never sees the warning.
  useEffect(() => {
    if (!plan) return;
    const onActivity = () => {
      if (shouldRenew(runtime.$flags.get().Token, Date.now())) void renew();
    };
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
    };
  });

  // The warning and the end, timed from the token's exp; a new token reschedules both.
  const expireRef = useRef(expire);
  expireRef.current = expire;
  useEffect(() => {
    setOpen(false);
    setFailure("");
    const schedule = idlePlan(token);
    if (!schedule) return;
    const warn = setTimeout(() => setOpen(true), Math.max(0, schedule.warnAtMs - Date.now()));
    const end = setTimeout(() => expireRef.current(), Math.max(0, schedule.endAtMs - Date.now()));
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
    };
  }, [token]);

  // The countdown while the warning shows.
  useEffect(() => {
    if (!open) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  if (!plan) return null;
  const left = countdown(plan.endAtMs - now);
  return (
    <dialog
      ref={dialog}
      class="staff-idle"
      role="alertdialog"
      aria-labelledby="staff-idle-title"
      aria-describedby="staff-idle-message"
      onCancel={(event) => {
        // Escape means "I am here": the same as staying signed in.
        event.preventDefault();
        if (!plan.capped) void renew();
      }}
    >
      <h2 id="staff-idle-title">{texts.idleTitle}</h2>
      <p id="staff-idle-message">{plan.capped ? texts.idleCapped(left) : texts.idleIdle(left)}</p>
      {failure ? (
        <p class="staff-idle-failure" role="alert">
          {failure}
        </p>
      ) : null}
      <div class="staff-idle-actions">
        {plan.capped ? null : (
          <button
            type="button"
            class="staff-idle-stay"
            autofocus
            onClick={async () => {
              setFailure("");
              if (!(await renew())) setFailure(texts.idleRenewFailed);
            }}
          >
            {texts.idleStay}
          </button>
        )}
        <button
          type="button"
          class="staff-idle-leave"
          onClick={() => {
            void runtime.signOutStaff();
            route("/staff/home");
          }}
        >
          {texts.idleLeave}
        </button>
      </div>
    </dialog>
  );
}
