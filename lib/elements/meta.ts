/**
 * What each custom element is. A registration file (widgets.ts, flows.ts, staff.ts) holds two
 * lists side by side: the definitions the bundle runs (tag, loader, attribute types) and the
 * documentation of the same elements, which only build/custom-elements-manifest.ts reads (the
 * bundle drops it as unused). The manifest generator checks that the two lists agree and adds the
 * CSS parts and custom properties it finds in the components' code.
 */
import type { ComponentType } from "react";
import type { MessageScope } from "../load/catalogues.ts";

/** How r2wc converts an attribute to the prop (booleans: only "true", "yes", "1"… are true). */
export type R2wcType = "string" | "number" | "boolean" | "json";

// biome-ignore lint/suspicious/noExplicitAny: every component has its own props type.
export type AnyComponent = ComponentType<any>;

/** What the bundle needs to define one element. */
export interface ElementDefinition {
  tag: `nu-${string}`;
  /** Loads the component; runs when the first element of this tag connects. */
  load: () => Promise<AnyComponent>;
  /** Prop name → how its attribute converts (the attribute is the kebab-case: `minDays` → `min-days`). */
  props: Record<string, R2wcType>;
  /** The texts it needs before it renders, when not its group's (lib/load/catalogues.ts). */
  messages?: MessageScope;
}

export interface AttributeDoc {
  /** The TypeScript type when it is narrower than the r2wc type (e.g. `"yellow" | "blue"`). */
  tsType?: string;
  /** The default as the attribute would be written (omit when there is none). */
  default?: string;
  description: string;
}

export interface EventDoc {
  /** TypeScript type of `event.detail`. */
  detail: string;
  description: string;
}

export interface ElementDoc {
  tag: `nu-${string}`;
  /** The same component's name in the package's React entry (`nu-forms`). */
  reactExport: string;
  /** The module under lib/ that defines the component (the manifest reads its code from there). */
  source: string;
  summary: string;
  /** One entry per prop of the definition (the common attributes are added by the generator). */
  attributes: Record<string, AttributeDoc>;
  events: Record<`nu-${string}`, EventDoc>;
  /** Slot name ("" for the default slot) → what goes there. */
  slots?: Record<string, string>;
}

/** The attributes every nu-* element understands (docs/elements.md). */
export const COMMON_PROPS = { apiBase: "string", apiKey: "string", lang: "string" } as const satisfies Record<
  string,
  R2wcType
>;

export const COMMON_ATTRIBUTE_DOCS: Record<keyof typeof COMMON_PROPS, AttributeDoc> = {
  apiBase: {
    description:
      'Base URL of the nu-forms API. Default: `<meta name="nu-forms:api-base">`, `configure({ apiBase })`, else `/api` on the page\'s origin.',
  },
  apiKey: {
    description:
      'The `x-api-key` sent with every API call. Default: `<meta name="nu-forms:api-key">` or `configure({ apiKey })`.',
  },
  lang: {
    tsType: '"zh-HK" | "zh-Hans" | "zh-CN" | "en"',
    default: "zh-HK",
    description:
      "Language of the element's text: Traditional Chinese (Hong Kong), Simplified Chinese (`zh-Hans`, or `zh-CN`: the same) or English. The staff elements' own texts stay Traditional Chinese (staff work in Hong Kong).",
  },
};

/** Events every element can send: its code may fail to load (lazy.tsx). An element's own doc wins. */
export const COMMON_EVENT_DOCS: Record<`nu-${string}`, EventDoc> = {
  "nu-error": {
    detail: "{ code: string; message: string }",
    description: "The element's code could not be loaded (`code` is `LOAD_FAILED`); it shows a retry button.",
  },
};

/** How the manifest marks a rich (`json`) prop's property. */
export const JSON_NOTE =
  " Rich values can be set as the property: the value itself or its JSON text (JSON in the attribute).";

/** `minDays` → `min-days`, the way r2wc maps props to attributes. */
export function attributeName(prop: string): string {
  return prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);
}
