import { type ReactNode, useRef } from "react";
import { baseSheet } from "./base.ts";
import type { useCombobox } from "./combobox.tsx";
import { sheet, useStyles } from "./styles.ts";
import { space, token } from "./theme.ts";
import { topLayerListCss, useTopLayerList } from "./topLayer.ts";

export interface SuggestionListProps<T> {
  /** What `useCombobox` returned for these items. */
  combobox: Pick<ReturnType<typeof useCombobox<T>>, "expanded" | "listProps" | "optionProps">;
  items: readonly T[];
  /** The list's accessible name (電郵地址建議 …). */
  label: string;
  /** A key unique in the list. */
  keyOf: (item: T, index: number) => string;
  /** An option's content. */
  children: (item: T) => ReactNode;
}

/**
 * A combobox's suggestion listbox with its options (`part` listbox / option), after its input in
 * the `.nu-combobox` wrapper. While open it is in the browser's top layer (topLayer.ts). A module
 * of its own: the e-mail field loads it with its domain list, after the sign-in step has painted
 * (lib/widgets/emailSuggestions.ts).
 */
export function SuggestionList<T>({ combobox, items, label, keyOf, children }: SuggestionListProps<T>) {
  const ref = useRef<HTMLUListElement>(null);
  // After the base rules, whose `ul` reset (padding: 0) the list's own rules override.
  const styles = useStyles(ref, baseSheet, listboxSheet);
  useTopLayerList(ref, combobox.expanded);
  // A fragment: React 19 hoists the style elements, but a <ul> may hold only <li> (DOM nesting).
  return (
    <>
      {styles}
      <ul
        {...combobox.listProps}
        ref={ref}
        className="nu-listbox"
        part="listbox"
        aria-label={label}
        hidden={!combobox.expanded}
      >
        {items.map((item, index) => (
          <li key={keyOf(item, index)} {...combobox.optionProps(index)} className="nu-option" part="option">
            {children(item)}
          </li>
        ))}
      </ul>
    </>
  );
}

const listboxSheet = sheet(`
.nu-listbox {
  position: absolute;
  inset-inline: 0;
  top: calc(100% + 4px);
  z-index: 10;
  max-height: min(60vh, 320px);
  overflow-y: auto;
  padding: ${space(0.5)} 0;
  border: 1px solid ${token("color-border")};
  border-radius: ${token("radius")};
  background: ${token("color-surface")};
  box-shadow: 0 8px 24px rgb(0 0 0 / 0.16);
}
.nu-listbox[hidden] { display: none; }
${topLayerListCss}
.nu-option {
  display: block;
  min-height: 44px;
  padding: ${space(1.25)} ${space(1.5)};
  cursor: pointer;
  overflow-wrap: anywhere;
}
.nu-option:hover { background: ${token("color-background")}; }
.nu-option[aria-selected="true"] {
  background: ${token("color-primary")};
  color: ${token("color-primary-contrast")};
}
`);
