import type { WidgetMessageKey } from "./zh-HK.widgets.ts";

/**
 * The English texts the widgets show: the same keys as zh-HK.widgets.ts (enforced by `satisfies`),
 * which says where they go in each build.
 */
export const enWidgets = {
  // — common (the flows show these too) —
  "common.required": "This field is required",
  "common.pleaseSelect": "Please select",
  "common.leaveBlankIfNA": "Leave blank if not applicable.",
  "common.clear": "Clear",
  // — address —
  "address.region": "Region",
  "address.district": "District",
  "address.subDistrict": "Area",
  "address.building": "Building or estate name",
  "address.buildingEn": "Building / estate",
  "address.block": "Block",
  "address.floor": "Floor",
  "address.room": "Room",
  "address.street": "Street",
  "address.streetLabel": "Street: ",
  "address.regionRequired": "Please choose a region",
  "address.districtRequired": "Please choose a district",
  // — widgets —
  "widgets.dialog.confirm": "Confirm",
  "widgets.dialog.cancel": "Cancel",
  "widgets.email.label": "E-mail address",
  "widgets.email.invalid": "Please enter a valid e-mail address",
  "widgets.email.send": "Send e-mail",
  "widgets.email.sending": "Sending…",
  "widgets.email.sent": "Sent",
  "widgets.email.sendFailed": "Sending failed. Please try again later",
  "widgets.email.suggestions": "E-mail suggestions",
  "widgets.select.placeholder": "Please select",
  "widgets.required": "Required",
  "widgets.date.label": "Date",
  "widgets.date.placeholder": "Choose a date",
  "widgets.date.title": "Choose a date",
  "widgets.date.prevMonth": "Previous month",
  "widgets.date.nextMonth": "Next month",
  "widgets.date.year": "Year",
  "widgets.date.month": "Month",
  "widgets.date.yearName": "{year}",
  "widgets.date.monthNames":
    "January,February,March,April,May,June,July,August,September,October,November,December",
  "widgets.date.monthTitle": "{monthName} {year}",
  "widgets.date.dayLabel": "{day} {monthName} {year}",
  "widgets.date.weekdaysShort": "Su,Mo,Tu,We,Th,Fr,Sa",
  "widgets.date.weekdaysLong": "Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday",
  "widgets.date.chosen": "Chosen: {date}",
  "widgets.date.noneChosen": "No date chosen yet",
  "widgets.date.rangeHint": "Dates you can choose: {min} to {max}",
  "widgets.date.noRange": "No dates can be chosen at the moment",
  "widgets.address.label": "Address",
  "widgets.address.suggestions": "Address suggestions",
  "widgets.address.buildingHint":
    "Type at least two characters of your building or estate, then pick it: region and district are filled in for you.",
  "widgets.address.clearBuilding": "Clear building / estate name",
  // — address form in the order people fill it —
  "widgets.address.searching": "Searching for addresses…",
  "widgets.address.noMatch":
    "No matching address. Check the building or estate name, or choose the region and district below.",
  "widgets.address.slow":
    "The address lookup is taking longer than usual. Keep waiting, or type your address and choose the region and district yourself.",
  "widgets.address.failed": "The address lookup isn't available right now.",
  "widgets.address.manual": "Can't find your address? Enter it yourself",
  "widgets.address.manualHint":
    "Type your building or estate name, then choose the region and district below.",
  "widgets.email.resend": "Resend",
  "widgets.email.resendIn": "Resend ({seconds} s)",
  "widgets.email.typo": "Did you mean {email}?",
  "widgets.email.typoFix": "Use {email}",
} as const satisfies Record<WidgetMessageKey, string>;
