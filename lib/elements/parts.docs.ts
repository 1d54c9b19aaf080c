/**
 * What each `part` name marks, for `::part()` rules and custom-elements.json. The manifest
 * generator finds the part names in the components' code and fails on a name missing here, so a
 * new part cannot ship undocumented. One name means the same kind of thing in every element.
 */
export const PART_DOCS: Record<string, string> = {
  // shared by the field widgets
  field: "The wrapper of one field: label, control, hint and error line.",
  label: "A field's visible label.",
  hint: "A field's hint line.",
  error: "An error line (a live region).",
  "error-root": "The wrapper of <nu-error-message>.",
  input: "A text input (also named by the field: `building`, `block`, `floor`, `room`, `date-field`).",
  select: "A dropdown (also named by the field: `region`, `district`, `sub-district`).",
  button:
    "Every button (also named by its role: `send-button`, `clear-button`, `confirm-button`, `cancel-button`).",
  listbox: "A suggestion list (e-mail domains, addresses).",
  option: "One suggestion in a list.",
  "load-error": "Shown instead of the element when its code could not be loaded, with a retry button.",
  loading:
    "The empty space the element keeps while its code loads (height: `--nu-loading-height`; the flows keep the first step's height).",
  // radio group, card
  "radio-group": "The radio group (with `field`).",
  radio: "One choice of a radio group.",
  card: "The card.",
  "card-header": "The card's header (logo and title).",
  "card-title": "The card's title.",
  "card-body": "The card's content.",
  logo: "The card's logo image.",
  // e-mail input
  "send-button": "The 發送電郵 button (重新發送 with its countdown once a code went out).",
  "typo-fix":
    "The button under an e-mail field that corrects a likely typo in the domain (gmial.com → gmail.com).",
  "document-link":
    "A button on the terms step that opens one of the operator's documents (privacy policy, collection statement).",
  "document-dialog": "The dialog with a document's full text (with `dialog`).",
  "save-qr": "The link on the completion page that saves the QR code as a PNG image.",
  "next-steps":
    "The completion page's 下一步 section: what the QR code is redeemed for, until when and where.",
  status: "The sending status line under the e-mail field.",
  "lookup-status": "The address selector's lookup line: searching, slow, failed, or no matching address.",
  "manual-button":
    "The address selector's 「找不到地址？手動輸入」 button: stops the lookup and moves to region and district.",
  // dialogs and the calendar (native <dialog>, top layer)
  dialog: "A dialog box (confirm dialog, calendar).",
  "dialog-title": "A dialog's title.",
  "dialog-message": "A confirm dialog's text.",
  "confirm-button": "A dialog's confirm button.",
  "cancel-button": "A dialog's cancel button.",
  calendar: "The calendar dialog (with `dialog`).",
  "date-field": "The date picker's field that opens the calendar.",
  "year-select": "The calendar's year dropdown.",
  "month-select": "The calendar's month dropdown.",
  "calendar-prev": "The calendar's previous-month button (`aria-disabled` at the first selectable month).",
  "calendar-next": "The calendar's next-month button (`aria-disabled` at the last selectable month).",
  "calendar-grid": "The calendar's table of days.",
  "calendar-day": "One day button of the calendar.",
  "calendar-chosen": "The line saying which day is chosen.",
  // address selector
  address: "The address selector's group (a fieldset).",
  legend: "The address selector's title.",
  region: "The region dropdown (with `select`).",
  district: "The district dropdown (with `select`).",
  "sub-district": "The sub-district dropdown (with `select`).",
  building: "The building / estate input (with `input`).",
  block: "The block input (with `input`).",
  floor: "The floor input (with `input`).",
  room: "The room input (with `input`).",
  "clear-button": "The button that clears the building fields.",
  street: "The street line filled in from a suggestion.",
  // flows
  flow: "The whole flow (its root).",
  step: "The current step's section.",
  "step-title": "The current step's heading.",
  progress: "The step counter (第 2 步（共 5 步）).",
  consent: "One consent tick box with its text.",
  choice: "One product card on the product step.",
  qr: "The member QR code image.",
};
