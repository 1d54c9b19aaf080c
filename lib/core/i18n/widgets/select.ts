import { bilingual } from "../translate.ts";

/** The texts of `<Select>` (lib/widgets/Select.tsx). */
export const selectTexts = bilingual({
  "zh-HK": {
    "widgets.select.placeholder": "請選擇",
  },
  "zh-Hans": {
    "widgets.select.placeholder": "请选择",
  },
  en: {
    "widgets.select.placeholder": "Please select",
  },
});
