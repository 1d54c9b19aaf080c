/**
 * An element's component that loads its code when the first element of its tag connects, so a
 * page with only `<nu-form>` never downloads the staff tools. React itself is in the entry chunk
 * and shared by every element.
 */
import { type ComponentType, createContext, useContext, useEffect, useRef, useState } from "react";
import { baseSheet } from "../ui/base.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { space } from "../ui/theme.ts";
import { useEmit } from "../ui/useEmit.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import { loadMessages, type MessageScope, messagesReady, preloadLaterMessages } from "./catalogues.ts";

type Props = Record<string, unknown> & { lang?: string };

/** A component whose code loads on first render; `preload()` starts the download ahead of it. */
export type LazyPart<P> = ComponentType<P> & { preload: () => void };

/**
 * The language of the element a lazy part is in: a part without a `lang` prop of its own (a flow's
 * later steps, which read the flow's) waits for the texts of its element's language.
 */
const ElementLang = createContext<string | undefined>(undefined);

/**
 * `messages`: which texts the part needs before it renders (catalogues.ts): "sign-in" for the
 * flow elements themselves and the parts of their first step that load later (residence question,
 * code entry), "widgets" for the widget elements, "all" for everything else. A sign-in part that
 * has shown waits for all of another language's texts when switched to it: a flow may be past its
 * sign-in step.
 *
 * Loaded with plain state rather than lazy() and Suspense, which the element bundle's runtime
 * does not carry (build/reactOnPreact.ts). A part that has shown keeps showing in its last language
 * while another language's texts load: switching `lang` does not re-mount it here.
 */
export function lazyElement<P extends object = Props>(
  load: () => Promise<ComponentType<P>>,
  messages: MessageScope = "all",
  /** A part inside a step (not a whole element or step) shows nothing while it loads. */
  { reserveSpace = true }: { reserveSpace?: boolean } = {},
): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchOnce = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = null; // the next attempt asks the network again
        throw error;
      },
    );
    return pending;
  };

  function LazyElement(props: P) {
    const around = useContext(ElementLang);
    const lang = (props as { lang?: string }).lang ?? around;
    const textLang = normaliseLang(lang);
    const shown = useRef<{ lang?: string } | null>(null);
    // A flow may be past its sign-in step: it needs all of the new language's texts.
    const switched = shown.current && normaliseLang(shown.current.lang) !== textLang;
    const scope = switched && messages === "sign-in" ? "all" : messages;
    const ready = loaded !== null && messagesReady(textLang, scope);
    const [failure, setFailure] = useState<string | null>(null);
    const [, settled] = useState(0);
    // Started while rendering, not after the commit: the first step waits for this download.
    const loading =
      ready || failure !== null ? null : Promise.all([fetchOnce(), loadMessages(textLang, scope)]);
    loading?.catch(() => {});
    useEffect(() => {
      if (!loading) return;
      let live = true;
      loading.then(
        () => live && settled((n) => n + 1),
        (error: unknown) => {
          if (!live) return;
          const message = error instanceof Error ? error.message : String(error);
          console.warn("nu-forms: an element's code failed to load:", message);
          setFailure(message);
        },
      );
      return () => {
        live = false;
      };
    });
    if (failure !== null) return <LoadFailed lang={lang} onRetry={() => setFailure(null)} />;
    const Loaded = loaded;
    if (ready && Loaded) {
      shown.current = { lang };
      return (
        <ElementLang.Provider value={lang}>
          <Loaded {...props} />
        </ElementLang.Provider>
      );
    }
    if (Loaded && shown.current) {
      return (
        <ElementLang.Provider value={shown.current.lang}>
          <Loaded {...props} lang={shown.current.lang} />
        </ElementLang.Provider>
      );
    }
    return reserveSpace ? <ReservedSpace /> : null;
  }
  LazyElement.preload = () => {
    // A failed prefetch is retried when the part renders.
    fetchOnce().catch(() => {});
    if (messages === "all") preloadLaterMessages();
  };
  return LazyElement;
}

/**
 * After the first paint, when the browser is idle: starts downloading what later steps need, one
 * part after another while the idle period lasts, the rest in the next idle periods, so the
 * prefetch never makes a long task of its own (total blocking time).
 */
export function preloadWhenIdle(parts: readonly { preload: () => void }[]): () => void {
  let next = 0;
  let cancel: () => void = () => {};
  const run = (timeRemaining: () => number) => {
    do parts[next++]?.preload();
    while (next < parts.length && timeRemaining() > 0);
    if (next < parts.length) schedule();
  };
  const schedule = () => {
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback((deadline) => run(() => deadline.timeRemaining()), { timeout: 3000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      // Safari has no idle callbacks: a pause, then a few milliseconds of work at a time.
      const id = setTimeout(() => {
        const end = performance.now() + 5;
        run(() => end - performance.now());
      }, 200);
      cancel = () => clearTimeout(id);
    }
  };
  schedule();
  return () => cancel();
}

/**
 * While an element's code loads, it keeps the height of its first step, so the brand page below it
 * does not move when the step appears (CLS). The flows keep it until their first step
 * shows (lib/flows/shared/styles.ts); a brand page sets --nu-loading-height to its own font's and
 * layout's figure. The figures: the sign-in step in Chromium with the default fonts, at 1024 px and,
 * up to 420 px where 發送電郵 goes under the field (EmailInput.tsx), at 390 px. docs/embedding.md: "Reserve the
 * form's space". In px, not rem: rem would follow the brand page's root font size into the element.
 */
const reserveSheet = sheet(`
:host(nu-form), :host(nu-recruitment-form) { --nu-loading-height: 227px; }
@media (max-width: 420px) {
  :host(nu-form), :host(nu-recruitment-form) { --nu-loading-height: 307px; }
  :host(nu-form[lang|=en]), :host(nu-recruitment-form[lang|=en]) { --nu-loading-height: 328px; }
}
:host(nu-date-picker) { --nu-loading-height: 82px; }
.nu-reserved { min-height: var(--nu-loading-height, 0px); }
`);

function ReservedSpace() {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, reserveSheet);
  return (
    <div ref={ref} className="nu-reserved" part="loading" aria-hidden="true">
      {styles}
    </div>
  );
}

const loadErrorSheet = sheet(`
.nu-load-error { display: flex; flex-direction: column; align-items: flex-start; gap: ${space(1.5)}; }
`);

function LoadFailed({ lang, onRetry }: { lang?: string; onRetry: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useT(lang);
  const styles = useStyles(ref, baseSheet, loadErrorSheet);
  const emit = useEmit(ref, {});
  const message = t("elements.loadFailed");
  useEffect(() => emit("nu-error", { code: "LOAD_FAILED", message }), [emit, message]);
  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-load-error" part="load-error">
      {styles}
      <p className="nu-error" role="alert">
        {message}
      </p>
      <button type="button" className="nu-button nu-button--secondary" onClick={onRetry}>
        {t("common.retry")}
      </button>
    </div>
  );
}
