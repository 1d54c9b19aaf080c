import { type KeyboardEvent, type MouseEvent, useLayoutEffect, useRef, useState } from "react";
import { isComposing } from "./ime.ts";
import { sheet } from "./sheet.ts";

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
 * Focus stays in the input, so the list does not scroll by itself: the active option is scrolled
 * into the list's view whenever the keys move it.
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
  // The input the arrow keys were pressed in: its root (a shadow root) holds the options.
  // Only a move scrolls: a re-render leaves a list the user scrolled by hand alone. Before the
  // paint, so the highlighted option is never drawn out of view.
  const keyInput = useRef<HTMLInputElement | null>(null);
  const idOf = useRef(optionId);
  idOf.current = optionId;
  useLayoutEffect(() => {
    if (activeIndex < 0) return;
    const root = keyInput.current?.getRootNode() as Document | ShadowRoot | undefined;
    root?.getElementById(idOf.current(activeIndex))?.scrollIntoView({ block: "nearest" });
  }, [activeIndex]);

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
        keyInput.current = event.currentTarget;
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
    // The open list goes to the top layer (suggestionList.tsx), where no host page's overflow or
    // transform can clip it.
    listProps: { id: listId, role: "listbox" as const, popover: "manual" as const },
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

/**
 * The wrapper a combobox's input and its SuggestionList (suggestionList.tsx) sit in: the list is
 * placed under the input.
 */
export const comboboxSheet = sheet(`.nu-combobox { position: relative; }`);
