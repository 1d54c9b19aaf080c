/** @jsxImportSource preact */

import type { ComponentChildren } from "preact";
import { useContext, useEffect, useRef, useState } from "preact/hooks";
import { route } from "preact-router";
import { staffLang } from "../../lib/core/i18n/host/shell.ts";
import { STAFF_TEXTS, type StaffTexts } from "../../lib/core/i18n/host/staff.ts";
import type { Lang } from "../../lib/core/i18n/index.ts";
import { STAFF_GUARDED_PAGES } from "../../lib/core/routes.ts";
import { runStaffGate } from "../../lib/gates/staffGate.ts";
import { type StaffStepDetail, staffStepPath } from "../../lib/staff/events.ts";
import { useDocumentTitle } from "../brand.ts";
import { setDocumentLang, useHostLang } from "../language.ts";
import { currentQuery, PreviousUrlContext } from "../navigation.ts";
import { NotFound } from "../pages/lazySitePages.ts";
import { useRuntime } from "../runtime.ts";
import { IdleWarning } from "./IdleWarning.tsx";
import { StaffHomeFrame } from "./StaffHomeFrame.tsx";
import { StaffLayout, type StaffLayoutProps } from "./StaffLayout.tsx";

type GuardedPage = (typeof STAFF_GUARDED_PAGES)[number];

/** docs/rules.md#routes: each guarded page's white style and return target; titles from STAFF_TEXTS. */
const LAYOUT: Record<
  GuardedPage,
  { white?: boolean; back?: { href: string; label: "home" | "verification" } }
> = {
  verification: { white: true, back: { href: "/staff/home", label: "home" } },
  nutritionist_redeem: {},
  result: { white: true },
  redeem_center: { back: { href: "/staff/verification", label: "verification" } },
  invoice_qrcode: { back: { href: "/staff/home", label: "home" } },
  leads: { back: { href: "/staff/home", label: "home" } },
};

function layoutOf(page: GuardedPage, texts: StaffTexts): Pick<StaffLayoutProps, "title" | "white" | "back"> {
  const { white, back } = LAYOUT[page];
  return { title: texts[page], white, back: back && { href: back.href, label: texts[back.label] } };
}

function samePath(a: string | null, b: string): boolean {
  return a !== null && a.split("?")[0] === b.split("?")[0];
}

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
  const lang = staffLang(useHostLang());
  // The page is drawn in that language even when the visitor chose 简体 (useHostLang marks that).
  useEffect(() => setDocumentLang(lang), [lang]);
  const texts = STAFF_TEXTS[staffLang(lang)];
  const previous = useContext(PreviousUrlContext);
  const previousRef = useRef(previous);
  previousRef.current = previous;
  const name = page.toLowerCase();
  // The URL the gate last let through: a new URL shows nothing until its own gate has run.
  const [shownFor, setShownFor] = useState<string | null>(null);
  // The lead desk keeps its place in the query: a new query alone keeps the desk on screen.
  const shown = shownFor === url || (name === "leads" && samePath(shownFor, url));
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

  // Signed out in another tab (its `storage` event: the token left localStorage): this tab leaves
  // the tool too, so a shared counter device shows no customer to the next person.
  useEffect(() => {
    if (!isGuarded(name)) return;
    // Read from storage itself: the flag stores may hear the same event after this listener.
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === localStorage && !localStorage.getItem("Token")) route("/staff/home", true);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [name]);

  const signOut = () => {
    // Local at once; the server is told in the background (offline: the local sign-out stands).
    void runtime.signOutStaff();
    route("/staff/home");
  };
  const query = currentQuery();
  let content: ComponentChildren;
  if (name === "home") {
    content = (
      <StaffHomeFrame lang={lang}>
        <nu-staff-login lang={lang} />
      </StaffHomeFrame>
    );
  } else if (name === "invoice") {
    content = <InvoicePage id={query.get("id") ?? ""} lang={lang} />;
  } else if (isGuarded(name)) {
    content = (
      <StaffLayout
        {...layoutOf(name, texts)}
        staffName={runtime.$flags.get().STAFF_NAME ?? ""}
        onSignOut={signOut}
        lang={lang}
        busy={!shown}
      >
        {shown ? (
          <StaffTool page={name} query={query} lang={lang} role={runtime.$flags.get().STAFF_ROLE ?? ""} />
        ) : null}
      </StaffLayout>
    );
  } else {
    content = <NotFound />;
  }
  // One root for every staff page, so the nu-step listener survives moving between them
  // (StaffHomeFirstPaint draws the same root).
  return (
    <div ref={container}>
      {content}
      {name === "home" || isGuarded(name) ? <IdleWarning texts={texts} /> : null}
    </div>
  );
}

/** What a signed-in staff member without the admin role sees at an admin page. */
function AdminOnly({ lang }: { lang: Lang }) {
  const texts = STAFF_TEXTS[staffLang(lang)];
  return (
    <div class="staff-refusal">
      <p role="alert">{texts.adminOnly}</p>
      <p>
        <a href="/staff/home">{texts.backHome}</a>
      </p>
    </div>
  );
}

/** The standalone page an invoice QR code opens. */
function InvoicePage({ id, lang }: { id: string; lang: Lang }) {
  const texts = STAFF_TEXTS[staffLang(lang)];
  useDocumentTitle(texts.invoice, texts.area);
  return (
    <div class="staff-area staff-white">
      <main class="page staff-page staff-standalone">
        <h1>{texts.invoice}</h1>
        <nu-invoice invoice-id={id} lang={lang} />
        {/* Standalone (docs/rules.md#routes), without the staff bar, but not a dead end. */}
        <p class="staff-standalone-home">
          <a href="/staff/home">{texts.backHome}</a>
        </p>
      </main>
    </div>
  );
}

function StaffTool({
  page,
  query,
  lang,
  role,
}: {
  page: GuardedPage;
  query: URLSearchParams;
  lang: Lang;
  role: string;
}) {
  switch (page) {
    case "verification":
      return (
        <nu-staff-verification failed-lead={query.get("type") === "staff" ? "true" : "false"} lang={lang} />
      );
    case "result":
      return <nu-staff-result lead-id={query.get("id") ?? ""} lang={lang} />;
    case "redeem_center":
      return <nu-redeem-center lead-id={query.get("leadId") ?? ""} lang={lang} />;
    case "nutritionist_redeem":
      return <nu-nutritionist-redeem lead-id={query.get("id") ?? ""} lang={lang} />;
    case "invoice_qrcode":
      return <nu-invoice-qrcode lang={lang} />;
    case "leads":
      // Admins only (docs/lead-desk.md): the API refuses anyone else as well.
      return role === "admin" ? (
        <nu-lead-desk query={query.toString()} lang={lang} />
      ) : (
        <AdminOnly lang={lang} />
      );
  }
}
