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
import { baseSheet } from "../ui/base.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { space } from "../ui/theme.ts";
import { useEmit } from "../ui/useEmit.ts";
import { useT } from "../ui/useT.ts";

/** The element's code did not arrive (offline, or a deploy removed the chunk). */
export class ElementLoadError extends Error {
  override readonly name = "ElementLoadError";
}

type Props = Record<string, unknown> & { lang?: string };

export function lazyElement(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let pending: Promise<{ default: ComponentType<Props> }> | null = null;
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
  let shared: LazyExoticComponent<ComponentType<Props>> = lazy(fetchOnce);

  function LazyElement(props: Props) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      shared = lazy(fetchOnce);
      setAttempt((n) => n + 1);
    };
    const Loaded = shared;
    return (
      <LoadBoundary key={attempt} lang={props.lang} onRetry={retry}>
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return LazyElement;
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
