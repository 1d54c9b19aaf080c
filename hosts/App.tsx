/** @jsxImportSource preact */

import { useState } from "preact/hooks";
import Router, { type RouterOnChangeArgs } from "preact-router";
import type { NuFormsRuntime } from "../lib/elements/runtime.ts";
import { FlowPage } from "./flows/FlowPage.tsx";
import { LoadingOverlay } from "./LoadingOverlay.tsx";
import { useHostLang } from "./language.ts";
import { lazyPage } from "./lazyPage.tsx";
import { PreviousUrlContext } from "./navigation.ts";
import { Home, Maintenance, NotFound } from "./pages/lazySitePages.ts";
import { RuntimeContext } from "./runtime.ts";
import { StaffHomeFirstPaint } from "./staff/StaffHomeFrame.tsx";

/** The staff home's frame came with the HTML (server/html.ts): kept on screen while the staff code loads. */
function StaffPlaceholder({ page = "" }: { page?: string }) {
  const lang = useHostLang();
  return page.toLowerCase() === "home" ? <StaffHomeFirstPaint lang={lang} /> : null;
}

const StaffPage = lazyPage(
  "staff",
  () => import("./staff/StaffPage.tsx").then((m) => m.StaffPage),
  StaffPlaceholder,
);

export function App({ runtime }: { runtime: NuFormsRuntime }) {
  const [previous, setPrevious] = useState("");
  const onChange = (change: RouterOnChangeArgs) => {
    setPrevious(change.previous ?? "");
    // docs/rules.md#routes: every navigation starts at the top of the page.
    window.scrollTo(0, 0);
  };
  return (
    <RuntimeContext.Provider value={runtime}>
      <PreviousUrlContext.Provider value={previous}>
        <Router onChange={onChange}>
          <Home path="/" />
          <FlowPage path="/customer/nuForm/:step?" flow="nuform" />
          <FlowPage path="/customer/recruitmentForm/:step?" flow="recruitment" />
          <StaffPage path="/staff/:page" />
          <Maintenance path="/maintenance" />
          <NotFound default />
        </Router>
        <LoadingOverlay />
      </PreviousUrlContext.Provider>
    </RuntimeContext.Provider>
  );
}
