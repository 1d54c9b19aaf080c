/**
 * An element's component that loads its code when the first element of its tag connects, so a
 * page with only `<nu-form>` never downloads the staff tools. React itself is in the entry chunk
 * and shared by every element.
 */
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";
import type { Lang } from "../core/i18n/index.ts";
import { baseSheet } from "../ui/base.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { space } from "../ui/theme.ts";
import { useEmit } from "../ui/useEmit.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import { loadLaterChinese, loadMessages, type MessageScope, messagesReady } from "./catalogues.ts";

/** The element's code did not arrive (offline, or a deploy removed the chunk). */
export class ElementLoadError extends Error {
  override readonly name = "ElementLoadError";
}

type Props = Record<string, unknown> & { lang?: string };

/** A component whose code loads on first render; `preload()` starts the download ahead of it. */
export type LazyPart<P> = ComponentType<P> & { preload: () => void };

/**
 * `messages`: which texts the part needs before it renders (catalogues.ts): "sign-in" for the
 * flow elements themselves and the parts of their first step that load later (residence question,
 * code entry), "all" for everything else.
 */
export function lazyElement<P extends object = Props>(
  load: () => Promise<ComponentType<P>>,
  messages: MessageScope = "all",
  /** A part inside a step (not a whole element or step) shows nothing while it loads. */
  { reserveSpace = true }: { reserveSpace?: boolean } = {},
): LazyPart<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchOnce = () => {
    pending ??= load().then(
      (loaded) => ({ default: loaded }),
      (error: unknown) => {
        pending = null; // the next attempt asks the network again
        throw new ElementLoadError(error instanceof Error ? error.message : String(error));
      },
    );
    return pending;
  };
  // One lazy component per tag, so elements after the first render at once; a failed one is
  // replaced on retry (React keeps a lazy component's failure for good).
  let shared: LazyExoticComponent<ComponentType<P>> = lazy(fetchOnce);

  function LazyElement(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      shared = lazy(fetchOnce);
      setAttempt((n) => n + 1);
    };
    const Loaded = shared as unknown as ComponentType<P>;
    const lang = (props as { lang?: string }).lang;
    const textLang = normaliseLang(lang);
    // The code downloads alongside the texts, but the boundary waits for one thing at a time:
    // preact/compat's Suspense loses track of two siblings suspended together (an unhandled
    // rejection of the thrown promise), so the texts gate the part instead of sitting beside it.
    // The gate is always there (a stable tree), so the part never re-mounts when texts arrive.
    if (!messagesReady(textLang, messages)) fetchOnce().catch(() => {});
    return (
      <LoadBoundary key={attempt} lang={lang} onRetry={retry}>
        <Suspense fallback={reserveSpace ? <ReservedSpace /> : null}>
          <TextsGate lang={textLang} scope={messages}>
            <Loaded {...props} />
          </TextsGate>
        </Suspense>
      </LoadBoundary>
    );
  }
  LazyElement.preload = () => {
    // A failed prefetch is retried when the part renders.
    fetchOnce().catch(() => {});
    if (messages === "all") loadLaterChinese().catch(() => {});
  };
  return LazyElement;
}

/** Texts being loaded, per language and scope; a failed load is forgotten so that 重試 asks again. */
const textLoads = new Map<string, { promise: Promise<void>; error?: unknown }>();

/** Suspends its Suspense boundary (the element or step) until the texts its children need are there. */
function TextsGate({ lang, scope, children }: { lang: Lang; scope: MessageScope; children: ReactNode }) {
  if (messagesReady(lang, scope)) return <>{children}</>;
  const key = `${lang} ${scope}`;
  let load = textLoads.get(key);
  if (!load) {
    const entry: { promise: Promise<void>; error?: unknown } = {
      promise: loadMessages(lang, scope).then(
        () => {
          textLoads.delete(key);
        },
        (error: unknown) => {
          entry.error = error;
        },
      ),
    };
    textLoads.set(key, entry);
    load = entry;
  }
  if (load.error !== undefined) {
    textLoads.delete(key);
    const { error } = load;
    throw new ElementLoadError(error instanceof Error ? error.message : String(error));
  }
  throw load.promise;
}

/**
 * After the first paint, when the browser is idle: starts downloading what later steps need, one
 * part after another while the idle period lasts, the rest in the next idle periods, so the
 * prefetch never makes a long task of its own (issue 11: total blocking time).
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

interface BoundaryProps {
  lang?: string;
  onRetry: () => void;
  children: ReactNode;
}

class LoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (!(error instanceof ElementLoadError)) return;
    console.warn("nu-forms: an element's code failed to load:", error.message);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Only a failed download is handled here; a bug in a component stays an error.
    if (!(error instanceof ElementLoadError)) throw error;
    return <LoadFailed lang={this.props.lang} onRetry={this.props.onRetry} />;
  }
}

/**
 * While an element's code loads, it keeps the height of its first step (at a phone's width and at
 * a desktop's), so the brand page below it does not move when the step appears (CLS, issue 11).
 * The flows keep it until their first step shows (lib/flows/shared/styles.ts); a brand page can
 * set --nu-loading-height to its own layout's figure. README: "Reserve the form's space".
 * In px, not rem: rem would follow the brand page's root font size into the element.
 */
const reserveSheet = sheet(`
:host(nu-form), :host(nu-recruitment-form) { --nu-loading-height: 316px; }
@media (min-width: 48em) {
  :host(nu-form), :host(nu-recruitment-form) { --nu-loading-height: 236px; }
}
:host(nu-date-picker) { --nu-loading-height: 82px; }
.nu-reserved { min-height: var(--nu-loading-height, 0px); }
`);

function ReservedSpace() {
  const ref = useRef<HTMLDivElement>(null);
  useStyles(ref, reserveSheet);
  return <div ref={ref} className="nu-reserved" part="loading" aria-hidden="true" />;
}

const loadErrorSheet = sheet(`
.nu-load-error { display: flex; flex-direction: column; align-items: flex-start; gap: ${space(1.5)}; }
`);

function LoadFailed({ lang, onRetry }: { lang?: string; onRetry: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useT(lang);
  useStyles(ref, baseSheet, loadErrorSheet);
  const emit = useEmit(ref, {});
  const message = t("elements.loadFailed");
  useEffect(() => emit("nu-error", { code: "LOAD_FAILED", message }), [emit, message]);
  return (
    <div ref={ref} className="nu-root nu-load-error" part="load-error">
      <p className="nu-error" role="alert">
        {message}
      </p>
      <button type="button" className="nu-button nu-button--secondary" onClick={onRetry}>
        {t("common.retry")}
      </button>
    </div>
  );
}
