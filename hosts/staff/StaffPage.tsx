/** @jsxImportSource preact */

import type { ComponentChildren } from "preact";
import { useContext, useEffect, useRef, useState } from "preact/hooks";
import { route } from "preact-router";
import { STAFF_GUARDED_PAGES } from "../../lib/core/routes.ts";
import { type StaffStepDetail, staffStepPath } from "../../lib/staff/events.ts";
import { runStaffGate } from "../../lib/staff/staffGate.ts";
import { useDocumentTitle } from "../brand.ts";
import { currentQuery, PreviousUrlContext } from "../navigation.ts";
import { NotFound } from "../pages/NotFound.tsx";
import { PageShell } from "../pages/PageShell.tsx";
import { useRuntime } from "../runtime.ts";
import { IdleWarning } from "./IdleWarning.tsx";
import { StaffLayout, type StaffLayoutProps } from "./StaffLayout.tsx";
import "./staff.css";

type GuardedPage = (typeof STAFF_GUARDED_PAGES)[number];

/** SPEC §2: each guarded page's title, white style and return target. */
const LAYOUT: Record<GuardedPage, Pick<StaffLayoutProps, "title" | "white" | "back">> = {
  verification: { title: "核實客戶", white: true, back: { href: "/staff/home", label: "職員主頁" } },
  nutritionist_redeem: { title: "營養師兌換" },
  result: { title: "核實結果", white: true },
  redeem_center: { title: "兌換中心", back: { href: "/staff/verification", label: "核實客戶" } },
  invoice_qrcode: { title: "發票二維碼", back: { href: "/staff/home", label: "職員主頁" } },
};

function isGuarded(page: string): page is GuardedPage {
  return (STAFF_GUARDED_PAGES as readonly string[]).includes(page);
}

/** Follows the staff elements' `nu-step` requests (docs/staff.md) heard on `node`. */
function useStaffSteps(node: { current: HTMLElement | null }) {
  useEffect(() => {
    const target = node.current;
    if (!target) return;
    const onStep = (event: Event) => route(staffStepPath((event as CustomEvent<StaffStepDetail>).detail));
    target.addEventListener("nu-step", onStep);
    return () => target.removeEventListener("nu-step", onStep);
  }, [node]);
}

/**
 * After a move within the app (not a first load), once the new page is shown, focus goes to its
 * heading: the control that moved the staff member is gone or belongs to the page left, and a
 * screen reader then reads where they are. A field the page focused itself keeps focus.
 */
function useHeadingFocusOnArrival(
  container: { current: HTMLElement | null },
  shown: boolean,
  url: string,
  previous: { current: string },
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each newly shown URL is an arrival.
  useEffect(() => {
    const root = container.current;
    if (!shown || !root || previous.current === "") return;
    const main = root.querySelector("main");
    const heading = main?.querySelector("h1");
    if (!main || !heading || main.contains(document.activeElement)) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [shown, url]);
}

/**
 * Every `/staff/*` URL: `home` (sign-in, or the tools when signed in), the five guarded tool pages
 * under the staff layout, and the standalone `invoice` page. Thin: the gate (lib) decides, the
 * element does the work, this page only applies the answers and follows `nu-step`.
 */
export function StaffPage({ page = "", url = "" }: { path?: string; page?: string; url?: string }) {
  const runtime = useRuntime();
  const previous = useContext(PreviousUrlContext);
  const previousRef = useRef(previous);
  previousRef.current = previous;
  const name = page.toLowerCase();
  // The URL the gate last let through: a new URL shows nothing until its own gate has run.
  const [shownFor, setShownFor] = useState<string | null>(null);
  const shown = shownFor === url;
  const container = useRef<HTMLDivElement>(null);
  useStaffSteps(container);

  // `url` is a dependency so that a change of the query alone runs the gate again.
  useEffect(() => {
    if (!isGuarded(name)) {
      setShownFor(url);
      // The home shows the tools for a token that looks valid: drop it if the server ended it.
      if (name === "home")
        void runtime.confirmStaffSession().then((live) => {
          if (!live) runtime.removeFlags(["Token"]);
        });
      return;
    }
    let current = true;
    runStaffGate({
      path: `${window.location.pathname}${window.location.search}`,
      from: previousRef.current,
      flags: runtime.$flags.get(),
      loadLead: (by, value) => runtime.staffApi().getLeadBy(by, value),
      confirmSession: runtime.confirmStaffSession,
    }).then((gate) => {
      if (!current) return;
      if (gate.kind === "redirect") {
        runtime.applyFlagChanges({ set: gate.set, remove: gate.remove });
        route(gate.to, true);
      } else {
        setShownFor(url);
      }
    });
    return () => {
      current = false;
    };
  }, [name, url, runtime]);

  useHeadingFocusOnArrival(container, shown, url, previousRef);

  const signOut = () => {
    // Local at once; the server is told in the background (offline: the local sign-out stands).
    void runtime.signOutStaff();
    route("/staff/home");
  };
  const query = currentQuery();
  let content: ComponentChildren;
  if (name === "home") {
    content = (
      <div class="staff-area">
        <PageShell title="職員專區">
          <nu-staff-login />
        </PageShell>
      </div>
    );
  } else if (name === "invoice") {
    content = <InvoicePage id={query.get("id") ?? ""} />;
  } else if (isGuarded(name)) {
    content = (
      <StaffLayout
        {...LAYOUT[name]}
        staffName={runtime.$flags.get().STAFF_NAME ?? ""}
        onSignOut={signOut}
        busy={!shown}
      >
        {shown ? <StaffTool page={name} query={query} /> : null}
      </StaffLayout>
    );
  } else {
    content = <NotFound />;
  }
  // One root for every staff page, so the nu-step listener survives moving between them.
  return (
    <div ref={container}>
      {content}
      {name === "home" || isGuarded(name) ? <IdleWarning /> : null}
    </div>
  );
}

/** The standalone page an invoice QR code opens. */
function InvoicePage({ id }: { id: string }) {
  useDocumentTitle("發票", "職員專區");
  return (
    <div class="staff-area staff-white">
      <main class="page staff-page staff-standalone">
        <h1>發票</h1>
        <nu-invoice invoice-id={id} />
        {/* Standalone (SPEC §2), without the staff bar, but not a dead end. */}
        <p class="staff-standalone-home">
          <a href="/staff/home">返回職員主頁</a>
        </p>
      </main>
    </div>
  );
}

function StaffTool({ page, query }: { page: GuardedPage; query: URLSearchParams }) {
  switch (page) {
    case "verification":
      return <nu-staff-verification failed-lead={query.get("type") === "staff" ? "true" : "false"} />;
    case "result":
      return <nu-staff-result lead-id={query.get("id") ?? ""} />;
    case "redeem_center":
      return <nu-redeem-center lead-id={query.get("leadId") ?? ""} />;
    case "nutritionist_redeem":
      return <nu-nutritionist-redeem lead-id={query.get("id") ?? ""} />;
    case "invoice_qrcode":
      return <nu-invoice-qrcode />;
  }
}
