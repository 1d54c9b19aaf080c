// Must compile: the element types a TypeScript page (or Angular's strict templates) gets from
// `nu-forms/elements`. Each @ts-expect-error line is a mistake the types must catch.
import type { NuFormElement, SelectElement } from "nu-forms/elements";

const select = document.createElement("nu-select");
const typed: SelectElement = select;
select.options = ["九龍", { value: "nt", label: "新界" }];
select.options = '["九龍","新界"]';
// @ts-expect-error a number is no list of options
select.options = 42;
select.addEventListener("nu-change", (event) => {
  const value: string = event.detail.value;
  console.log(value, typed.value);
});

// Angular types `(nu-change)="pick($event)"` through the element's own addEventListener.
const pick = (event: CustomEvent<{ value: string }>) => console.log(event.detail.value);
select.addEventListener("nu-change", pick);
const pickNumber = (event: CustomEvent<{ value: number }>) => console.log(event.detail.value);
// @ts-expect-error <nu-select>'s nu-change carries a string
select.addEventListener("nu-change", pickNumber);

const picker = document.createElement("nu-date-picker");
const date: string | undefined = picker.value;
picker.minDays = 3;
// @ts-expect-error min-days is a number
picker.minDays = "3";
console.log(date);

// The README's page script, as TypeScript.
const form = document.querySelector("nu-form");
form?.addEventListener("nu-submit", (event) => console.log(event.detail.leadId));
form?.addEventListener("nu-step", (event) => console.log(event.detail.step));
const asForm: NuFormElement | null = form;
console.log(asForm);

document.querySelector("nu-address-selector")?.addEventListener("nu-change", (event) => {
  console.log(event.detail.value.district, event.detail.english);
});
// @ts-expect-error <nu-card> sends no nu-change of its own
document.createElement("nu-card").addEventListener("nu-change", (event) => event.detail.value.length);
