/**
 * Stylesheets without a framework: a sign-in step drawn before the element's runtime has loaded
 * (lib/flows/shared/signInStandIn.ts) adopts the same sheets the components do.
 */
/**
 * A lazily constructed stylesheet. The CSSStyleSheet is created on first use in a browser, so a
 * module that declares its CSS can still be imported in Node (tests, server-side tooling).
 */
export interface Sheet {
  readonly cssText: string;
  get(): CSSStyleSheet | null;
}

export function sheet(cssText: string): Sheet {
  let constructed: CSSStyleSheet | null = null;
  return {
    cssText,
    get() {
      if (constructed) return constructed;
      if (typeof CSSStyleSheet === "undefined" || !("replaceSync" in CSSStyleSheet.prototype)) return null;
      constructed = new CSSStyleSheet();
      constructed.replaceSync(cssText);
      return constructed;
    },
  };
}

export type StyleRoot = Document | ShadowRoot;

export function styleRootOf(node: Node | null): StyleRoot | null {
  const root = node?.getRootNode();
  if (!root) return null;
  if (typeof ShadowRoot !== "undefined" && root instanceof ShadowRoot) return root;
  if (typeof Document !== "undefined" && root instanceof Document) return root;
  return null;
}

/**
 * Adopts `sheets` (in order) into the root node of `ref` — the element's shadow root, or the
 * document when the component is used as a plain React component. A sheet already adopted there is
 * not added twice, so many widgets in one root share one copy.
 */
export function adoptSheets(root: StyleRoot, sheets: readonly Sheet[]): void {
  const current = root.adoptedStyleSheets;
  const missing: CSSStyleSheet[] = [];
  for (const s of sheets) {
    const constructed = s.get();
    if (constructed && !current.includes(constructed) && !missing.includes(constructed))
      missing.push(constructed);
  }
  if (missing.length === 0) return;
  root.adoptedStyleSheets = [...current, ...missing];
  // WebKit can keep a flex container's height from before a sheet adopted into a root it has
  // already laid out (a later step's sheet): the step then ends 33 px below its last child until a
  // hover restyles it, and on a page scrolled to its end the submit button moves under a press.
  // Adopting the same list again on the next frame restyles the root in full.
  if (current.length > 0 && typeof requestAnimationFrame === "function") {
    requestAnimationFrame(() => {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets];
    });
  }
}
