import { type RefObject, useLayoutEffect } from "react";
import { adoptSheets, type Sheet, styleRootOf } from "./sheet.ts";

export { adoptSheets, type Sheet, sheet } from "./sheet.ts";

export function useStyles(ref: RefObject<Element | null>, ...sheets: Sheet[]): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: sheets are module-level constants.
  useLayoutEffect(() => {
    const root = styleRootOf(ref.current);
    if (root) adoptSheets(root, sheets);
  }, [ref]);
}
