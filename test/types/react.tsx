// Must compile: React 19 JSX with the elements' types (`import type {} from "nu-forms/types/react"`).
import type {} from "nu-forms/types/react";

export const select = (
  <nu-select
    label="地區"
    options={["九龍", { value: "nt", label: "新界" }]}
    onnu-change={(event) => {
      const value: string = event.detail.value;
      console.log(value);
    }}
  />
);
// A rich prop's JSON text is accepted too (the element parses it).
export const json = <nu-radio-group label="計劃" options='["基本","進階"]' />;
export const form = (
  <nu-form step="login" api-base="/api" onnu-submit={(event) => console.log(event.detail.leadId)} />
);
export const card = (
  <nu-card title="卡片" heading-level={3}>
    <p>內容</p>
  </nu-card>
);
// @ts-expect-error a number is no list of options
export const badOptions = <nu-select options={42} />;
// @ts-expect-error lang is zh-HK or en
export const badLang = <nu-date-picker lang="fr" />;
// @ts-expect-error <nu-select>'s nu-change carries a string
export const badEvent = <nu-select onnu-change={(event: CustomEvent<{ value: number }>) => event} />;
// A callback ref gets the element's own type (no implicit any), an object ref too.
export const withRef = (
  <nu-select
    ref={(element) => {
      if (element) element.options = ["九龍"];
    }}
  />
);
// @ts-expect-error the ref is a <nu-select>, not an input
export const wrongRef = <nu-select ref={(element: HTMLInputElement | null) => element} />;
