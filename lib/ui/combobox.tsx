import { type KeyboardEvent, type MouseEvent, type ReactNode, useRef, useState } from "react";
import { isComposing } from "./ime.ts";
import { sheet } from "./styles.ts";
import { space, token } from "./theme.ts";
import { topLayerListCss, useTopLayerList } from "./topLayer.ts";

export interface ComboboxOptions<T> {
  items: readonly T[];
  listId: string;
  optionId: (index: number) => string;
  onPick: (item: T, index: number) => void;
}

/**
 * Keyboard and ARIA wiring of an editable combobox with a suggestion listbox (WAI-ARIA APG
 * "combobox with list autocomplete"): ArrowDown/ArrowUp move the active option, Enter picks it
 * (never while an IME is composing), Escape closes the list, a click picks without losing focus.
 */
export function useCombobox<T>({ items, listId, optionId, onPick }: ComboboxOptions<T>) {
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const [focused, setFocused] = useState(false);
  const [seenItems, setSeenItems] = useState(items);
  if (seenItems !== items) {
    setSeenItems(items);
    setActive(-1);
    setDismissed(false);
  }
  const expanded = focused && !dismissed && items.length > 0;
  const activeIndex = expanded && active < items.length ? active : -1;
  // The open list goes to the top layer, so a host page's overflow or transform cannot clip it.
  const listRef = useRef<HTMLUListElement>(null);
  useTopLayerList(listRef, expanded);

  const pick = (index: number) => {
    const item = items[index];
    if (item === undefined) return;
    setDismissed(true);
    setActive(-1);
    onPick(item, index);
  };

  return {
    expanded,
    activeIndex,
    /** Call when the user types: a list closed with Escape opens again for new text. */
    reopen: () => setDismissed(false),
    inputProps: {
      role: "combobox" as const,
      "aria-autocomplete": "list" as const,
      "aria-expanded": expanded,
      "aria-controls": listId,
      "aria-activedescendant": activeIndex >= 0 ? optionId(activeIndex) : undefined,
      onFocus: () => setFocused(true),
      onBlur: () => setFocused(false),
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (isComposing(event)) return;
        const count = items.length;
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          if (count === 0) return;
          event.preventDefault();
          const step = event.key === "ArrowDown" ? 1 : -1;
          if (!expanded) {
            setDismissed(false);
            setActive(step === 1 ? 0 : count - 1);
            return;
          }
          setActive((current) =>
            current < 0 ? (step === 1 ? 0 : count - 1) : (current + step + count) % count,
          );
        } else if (event.key === "Enter" && expanded && activeIndex >= 0) {
          event.preventDefault();
          pick(activeIndex);
        } else if (event.key === "Escape" && expanded) {
          event.preventDefault();
          event.stopPropagation();
          setDismissed(true);
          setActive(-1);
        }
      },
    },
    listProps: { id: listId, role: "listbox" as const, ref: listRef, popover: "manual" as const },
    optionProps: (index: number) => ({
      id: optionId(index),
      role: "option" as const,
      "aria-selected": index === activeIndex,
      // Keeps focus in the input, so the click does not blur and close the list first.
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onClick: () => pick(index),
    }),
  };
}

export interface ComboboxProps<T> {
  /** What `useCombobox` returned for these items. */
  combobox: Pick<ReturnType<typeof useCombobox<T>>, "expanded" | "listProps" | "optionProps">;
  items: readonly T[];
  /** The list's accessible name (電郵地址建議 …). */
  label: string;
  /** A key unique in the list. */
  keyOf: (item: T, index: number) => string;
  /** An option's content. */
  children: (item: T) => ReactNode;
  /** The text input, spread with `combobox.inputProps`. */
  input: ReactNode;
}

/**
 * The markup every combobox shares: the positioning wrapper, the input and the suggestion listbox
 * with its options (`part` listbox / option).
 */
export function Combobox<T>({ combobox, items, label, keyOf, children, input }: ComboboxProps<T>) {
  return (
    <div className="nu-combobox">
      {input}
      <ul
        {...combobox.listProps}
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
    </div>
  );
}

export const comboboxSheet = sheet(`
.nu-combobox { position: relative; }
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
