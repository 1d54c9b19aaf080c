import { bilingual } from "../translate.ts";

/** The texts of `<ConfirmDialog>` (lib/widgets/ConfirmDialog.tsx), whose buttons `<DatePicker>`'s dialog shows too. */
export const dialogTexts = bilingual({
  "zh-HK": {
    "widgets.dialog.confirm": "確定",
    "widgets.dialog.cancel": "取消",
  },
  "zh-Hans": {
    "widgets.dialog.confirm": "确定",
    "widgets.dialog.cancel": "取消",
  },
  en: {
    "widgets.dialog.confirm": "Confirm",
    "widgets.dialog.cancel": "Cancel",
  },
});
