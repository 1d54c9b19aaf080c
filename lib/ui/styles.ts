import { type ReactNode, type RefObject, useLayoutEffect } from "react";
import { hoistedStyles } from "./hoistedStyles.tsx";
import { adoptSheets, type Sheet, styleRootOf } from "./sheet.ts";

export { adoptSheets, type Sheet, sheet } from "./sheet.ts";

/**
 * `false` in the element builds (vite.config.ts): the sheets are adopted into the shadow root,
 * and no style element is rendered or shipped; `true` in the React entry's. Undefined (tests, Node
 * scripts) counts as true; build/render-first-paint.tsx sets it to false on globalThis.
 */
declare const __NU_HOISTED_STYLES__: boolean;

/**
 * Adopts `sheets` into the root of `ref` (the document, or the element's shadow root) and returns
 * them as style elements for the component to render anywhere in its tree: React 19 hoists them
 * into the server's HTML, so a server-rendered page is styled before it hydrates (hoistedStyles.tsx).
 */
export function useStyles(ref: RefObject<Element | null>, ...sheets: Sheet[]): ReactNode {
  // biome-ignore lint/correctness/useExhaustiveDependencies: sheets are module-level constants.
  useLayoutEffect(() => {
    const root = styleRootOf(ref.current);
    if (root) adoptSheets(root, sheets);
  }, [ref]);
  return typeof __NU_HOISTED_STYLES__ === "undefined" || __NU_HOISTED_STYLES__ ? hoistedStyles(sheets) : null;
}
