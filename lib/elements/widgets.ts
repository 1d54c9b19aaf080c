/**
 * The reusable widgets as custom elements (DESIGN.md §4). Attribute names are the kebab-case of the
 * props (`min-days`, `als-url`, `single-button` …); booleans are true for "true"/"yes"/"1" only (a
 * bare attribute is not); `json` props (options, address value) also take a property.
 */
import {
  AddressSelector,
  Card,
  ConfirmDialog,
  DatePicker,
  EmailInput,
  ErrorMessage,
  RadioGroup,
  Select,
} from "../widgets/index.ts";
import { defineElement } from "./define.ts";

const field = {
  label: "string",
  name: "string",
  disabled: "boolean",
  required: "boolean",
  error: "string",
} as const;

defineElement("nu-radio-group", RadioGroup, { ...field, options: "json", value: "string", layout: "string" });
defineElement("nu-card", Card, {
  title: "string",
  logo: "string",
  logoAlt: "string",
  headingLevel: "number",
});
defineElement("nu-select", Select, {
  ...field,
  title: "string",
  options: "json",
  value: "string",
  placeholder: "string",
  autocomplete: "string",
});
defineElement("nu-email-input", EmailInput, {
  ...field,
  value: "string",
  placeholder: "string",
  sendButton: "boolean",
  status: "string",
});
defineElement("nu-date-picker", DatePicker, {
  ...field,
  value: "string",
  minDays: "number",
  maxDays: "number",
  placeholder: "string",
});
defineElement("nu-confirm-dialog", ConfirmDialog, {
  open: "boolean",
  title: "string",
  message: "string",
  confirmLabel: "string",
  cancelLabel: "string",
  singleButton: "boolean",
  theme: "string",
});
defineElement("nu-error-message", ErrorMessage, { message: "string" });
defineElement("nu-address-selector", AddressSelector, {
  value: "json",
  alsUrl: "string",
  required: "boolean",
  showErrors: "boolean",
  disabled: "boolean",
  label: "string",
  name: "string",
});
