import { type RefObject, useLayoutEffect } from "react";

/**
 * Shows a dropdown list in the browser's top layer (a manual popover) while `open`, placed under
 * its parent element, the field it belongs to (or above it when there is more room there). A host page's `overflow: hidden` or
 * `transform` on a container can then neither clip nor shift it. Where the Popover API is missing
 * the list stays absolutely positioned under its anchor (the sheet's fallback).
 */
export function useTopLayerList(list: RefObject<HTMLElement | null>, open: boolean): void {
  useLayoutEffect(() => {
    const el = list.current;
    const anchor = el?.parentElement;
    if (!open || !el || !anchor || typeof el.showPopover !== "function") return;
    const place = () => {
      const box = anchor.getBoundingClientRect();
      const gap = 4;
      const below = window.innerHeight - box.bottom - gap * 2;
      const above = box.top - gap * 2;
      const up = below < 160 && above > below;
      el.style.setProperty("--nu-list-left", `${box.left}px`);
      el.style.setProperty("--nu-list-width", `${box.width}px`);
      el.style.setProperty("--nu-list-max-height", `${Math.max(96, Math.min(320, up ? above : below))}px`);
      el.style.setProperty("--nu-list-top", up ? "auto" : `${box.bottom + gap}px`);
      el.style.setProperty("--nu-list-bottom", up ? `${window.innerHeight - box.top + gap}px` : "auto");
    };
    place();
    if (!el.matches(":popover-open")) el.showPopover();
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    // Capture: scrolling any container of the anchor moves it.
    window.addEventListener("scroll", follow, true);
    window.addEventListener("resize", follow);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", follow, true);
      window.removeEventListener("resize", follow);
      if (el.isConnected && el.matches(":popover-open")) el.hidePopover();
    };
  }, [list, open]);
}

/** The placement rules for a list shown by useTopLayerList (added to the list's own sheet). */
export const topLayerListCss = `
.nu-listbox:popover-open {
  position: fixed;
  inset: auto;
  margin: 0;
  top: var(--nu-list-top);
  bottom: var(--nu-list-bottom);
  left: var(--nu-list-left);
  width: var(--nu-list-width);
  max-height: var(--nu-list-max-height);
  color: inherit;
}
`;
