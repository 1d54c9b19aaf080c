/**
 * The reusable widgets as custom elements (docs/elements.md). Attribute names are the kebab-case of the
 * props (`min-days`, `als-url`, `single-button` …); booleans are true for "true"/"yes"/"1" only (a
 * bare attribute is not); `json` props (options, address value) also take a property.
 */
import { registerElements } from "./define.ts";
import type { ElementDefinition } from "./meta.ts";

export const field = {
  label: "string",
  name: "string",
  disabled: "boolean",
  required: "boolean",
  error: "string",
} as const;

export const WIDGET_ELEMENTS: ElementDefinition[] = [
  {
    tag: "nu-radio-group",
    messages: "widgets",
    load: () => import("../widgets/RadioGroup.tsx").then((m) => m.RadioGroup),
    props: { ...field, options: "json", value: "string", layout: "string" },
  },
  {
    tag: "nu-card",
    messages: "widgets",
    load: () => import("../widgets/Card.tsx").then((m) => m.Card),
    props: { title: "string", logo: "string", logoAlt: "string", headingLevel: "number" },
  },
  {
    tag: "nu-select",
    messages: "widgets",
    load: () => import("../widgets/Select.tsx").then((m) => m.Select),
    props: {
      ...field,
      title: "string",
      options: "json",
      value: "string",
      placeholder: "string",
      autocomplete: "string",
    },
  },
  {
    tag: "nu-email-input",
    messages: "widgets",
    load: () => import("./facades/emailInput.ts").then((m) => m.EmailInput),
    props: {
      ...field,
      value: "string",
      placeholder: "string",
      sendButton: "boolean",
      status: "string",
      resendIn: "number",
    },
  },
  {
    tag: "nu-date-picker",
    messages: "widgets",
    load: () => import("../widgets/DatePicker.tsx").then((m) => m.DatePicker),
    props: { ...field, value: "string", minDays: "number", maxDays: "number", placeholder: "string" },
  },
  {
    tag: "nu-confirm-dialog",
    messages: "widgets",
    load: () => import("../widgets/ConfirmDialog.tsx").then((m) => m.ConfirmDialog),
    props: {
      open: "boolean",
      title: "string",
      message: "string",
      confirmLabel: "string",
      cancelLabel: "string",
      singleButton: "boolean",
      theme: "string",
    },
  },
  {
    tag: "nu-error-message",
    messages: "widgets",
    load: () => import("./facades/errorMessage.ts").then((m) => m.ErrorMessage),
    props: { message: "string" },
  },
  {
    tag: "nu-address-selector",
    messages: "widgets",
    load: () => import("../widgets/AddressSelector.tsx").then((m) => m.AddressSelector),
    props: {
      value: "json",
      alsUrl: "string",
      required: "boolean",
      showErrors: "boolean",
      disabled: "boolean",
      label: "string",
      name: "string",
    },
  },
];

registerElements(WIDGET_ELEMENTS);
