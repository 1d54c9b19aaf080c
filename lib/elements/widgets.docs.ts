/**
 * The documentation of the elements that widgets.ts registers, for custom-elements.json (see
 * build/custom-elements-manifest.ts). Kept apart from the registrations so the bundle never
 * carries it; the generator fails when the two disagree.
 */
import type { AttributeDoc, ElementDoc, EventDoc } from "./meta.ts";
import type { field } from "./widgets.ts";

const fieldDocs = {
  label: { description: "The visible label (title) of the field." },
  name: {
    description:
      "The `name` of the field inside the element, for the browser's autofill. The element itself is not part of a page's `<form>`: read `el.value` or `nu-change` (docs/widgets.md).",
  },
  disabled: { default: "false", description: "Disables the field." },
  required: { default: "false", description: "Marks the field as required." },
  error: { description: "An error to show under the field; marks it invalid." },
} satisfies Record<keyof typeof field, AttributeDoc>;

const optionsDoc: AttributeDoc = {
  tsType: "Array<{ value: string; label: string; disabled?: boolean } | string>",
  description:
    "The choices, as JSON in the attribute or an array in the property; a string is both value and label.",
};

const change = (detail: string, what: string): Record<"nu-change", EventDoc> => ({
  "nu-change": { detail, description: `${what} changed (by the user).` },
});

export const WIDGET_DOCS: ElementDoc[] = [
  {
    tag: "nu-radio-group",
    reactExport: "RadioGroup",
    source: "widgets/RadioGroup.tsx",
    summary: "A group of radio buttons with a title.",
    attributes: {
      ...fieldDocs,
      name: { description: "The radios' shared `name` (made up when absent)." },
      options: optionsDoc,
      value: { description: "The chosen option's value." },
      layout: {
        tsType: '"row" | "column"',
        default: "column",
        description: "`row` lays short options side by side from 600 px up.",
      },
    },
    events: change("{ value: string }", "The chosen option"),
  },
  {
    tag: "nu-card",
    reactExport: "Card",
    source: "widgets/Card.tsx",
    summary: "A bordered card with a title, an optional logo and content.",
    attributes: {
      title: { description: "The card's title (a heading)." },
      logo: { description: "URL of an image shown beside the title." },
      logoAlt: {
        default: "",
        description: "Text alternative of the logo; empty marks it decorative next to the title.",
      },
      headingLevel: {
        default: "2",
        description: "Level of the title heading (2–6), to fit the page's outline.",
      },
    },
    events: {},
    slots: { "": "The card's content (the element's children)." },
  },
  {
    tag: "nu-select",
    reactExport: "Select",
    source: "widgets/Select.tsx",
    summary: "A single-choice dropdown with a title and the empty choice 請選擇.",
    attributes: {
      ...fieldDocs,
      title: { description: "Same as `label` (the dropdown's title); `label` wins when both are given." },
      options: optionsDoc,
      value: { description: "The chosen option's value." },
      placeholder: { default: "請選擇", description: "Text of the empty choice." },
      autocomplete: { description: "The `autocomplete` token of the dropdown." },
    },
    events: change("{ value: string }", "The chosen option"),
  },
  {
    tag: "nu-email-input",
    reactExport: "EmailInput",
    source: "widgets/EmailInput.tsx",
    summary: "An e-mail field with domain suggestions and an optional 發送電郵 button.",
    attributes: {
      ...fieldDocs,
      label: { default: "電郵地址", description: "The visible label of the field." },
      name: {
        default: "email",
        description:
          "The `name` of the field inside the element, for the browser's autofill. The element itself is not part of a page's `<form>`: read `el.value` or `nu-change` (docs/widgets.md).",
      },
      value: { description: "The e-mail address." },
      placeholder: { description: "Placeholder text of the field." },
      sendButton: {
        default: "false",
        description: "Shows the 發送電郵 button, which emits `nu-send` for a valid address.",
      },
      status: {
        tsType: '"idle" | "sending" | "sent" | "error"',
        default: "idle",
        description:
          "State of the sending the page does after `nu-send`: `sending` (the button reads 發送中…), `sent` (已發送), `error` (the 發送失敗 line, or the `error` text).",
      },
      resendIn: {
        tsType: "number",
        description:
          "Once a code went out: seconds until it may be sent again. Set, the button reads 重新發送 with the seconds left, counted down by the element from the value given (a new value starts again), and refuses presses while above 0; at 0 the element writes `0` back, so the same number set after the next send restarts it.",
      },
    },
    events: {
      ...change("{ value: string }", "The address"),
      "nu-send": { detail: "{ email: string }", description: "發送電郵 was pressed with a valid address." },
    },
  },
  {
    tag: "nu-date-picker",
    reactExport: "DatePicker",
    source: "widgets/DatePicker.tsx",
    summary: "A field showing the date as DD/MM/YYYY that opens a calendar dialog.",
    attributes: {
      ...fieldDocs,
      value: {
        description: "The chosen day as DD/MM/YYYY (a YYYY-MM-DD day is taken and shown the same way).",
      },
      minDays: { default: "0", description: "First selectable day: today (Hong Kong) plus this many days." },
      maxDays: { default: "0", description: "Last selectable day: today (Hong Kong) plus this many days." },
      placeholder: { default: "請選擇日期", description: "Shown in the field while no day is chosen." },
    },
    events: {
      ...change("{ value: string }", "The chosen day (DD/MM/YYYY)"),
      "nu-confirm": {
        detail: "{ value: string }",
        description: "A day (DD/MM/YYYY) was confirmed in the calendar.",
      },
      "nu-cancel": { detail: "{}", description: "The calendar was closed without confirming." },
    },
  },
  {
    tag: "nu-confirm-dialog",
    reactExport: "ConfirmDialog",
    source: "widgets/ConfirmDialog.tsx",
    summary: "A modal confirm/cancel dialog (native `<dialog>` in the top layer), yellow or blue.",
    attributes: {
      open: {
        default: "false",
        description: "Shows the dialog; it is set back to false when the dialog closes.",
      },
      title: { description: "The dialog's title." },
      message: { description: "The dialog's text." },
      confirmLabel: { default: "確定", description: "Text of the confirm button." },
      cancelLabel: { default: "取消", description: "Text of the cancel button." },
      singleButton: {
        default: "false",
        description: "Only the confirm button (an acknowledgement); Escape still cancels.",
      },
      theme: { tsType: '"yellow" | "blue"', default: "blue", description: "Colour theme of the dialog." },
    },
    events: {
      "nu-confirm": {
        detail: '{ value: "confirm" }',
        description:
          "The confirm button was pressed (`value` names the button, as a `<dialog>`'s `returnValue`).",
      },
      "nu-cancel": { detail: "{}", description: "Cancelled: the cancel button or Escape." },
    },
  },
  {
    tag: "nu-error-message",
    reactExport: "ErrorMessage",
    source: "ui/form/ErrorMessage.tsx",
    summary: "An error line, announced by screen readers as it appears.",
    attributes: {
      message: { description: "The text; empty shows nothing but keeps the live region in place." },
    },
    events: {},
  },
  {
    tag: "nu-address-selector",
    reactExport: "AddressSelector",
    source: "widgets/AddressSelector.tsx",
    summary: "The Hong Kong address selector with Address Lookup Service suggestions.",
    attributes: {
      value: {
        tsType: "Partial<AddressValue> | null",
        description:
          "The address (JSON in the attribute or an object in the property); missing fields are empty.",
      },
      alsUrl: {
        description:
          'Address Lookup Service URL. Default: `<meta name="nu-forms:als-url">`, `configure({ alsUrl })`, the API server\'s `ALS_URL` (named in its answers), else https://www.als.gov.hk/lookup.',
      },
      required: {
        default: "true",
        description: "Region, district and building are required: marked, and flagged when empty.",
      },
      showErrors: {
        default: "false",
        description: "Flags every empty required field now (e.g. after a submit attempt).",
      },
      disabled: { default: "false", description: "Disables every field." },
      label: {
        default: "地址",
        description:
          "The visible title (legend) of the whole address, which also names the group; absent or empty: 地址 (Address in English).",
      },
      name: { default: "address", description: "Prefix of the fields' `name`s (`address-region` …)." },
    },
    events: change("{ value: AddressValue; english: AddressEn }", "The address (with its English copy)"),
  },
];
