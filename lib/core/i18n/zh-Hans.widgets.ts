import { addressTexts } from "./widgets/address.ts";
import { dateTexts } from "./widgets/date.ts";
import { dialogTexts } from "./widgets/dialog.ts";
import { emailTexts } from "./widgets/email.ts";
import { selectTexts } from "./widgets/select.ts";

/** The Simplified Chinese texts the widgets show: as zh-HK.widgets.ts, which says where they go in each build. */
export const zhHansWidgets = {
  ...addressTexts["zh-Hans"],
  ...dateTexts["zh-Hans"],
  ...dialogTexts["zh-Hans"],
  ...emailTexts["zh-Hans"],
  ...selectTexts["zh-Hans"],
};
