import { addressTexts } from "./widgets/address.ts";
import { dateTexts } from "./widgets/date.ts";
import { dialogTexts } from "./widgets/dialog.ts";
import { emailTexts } from "./widgets/email.ts";
import { selectTexts } from "./widgets/select.ts";

/** The English texts the widgets show: as zh-HK.widgets.ts, which says where they go in each build. */
export const enWidgets = {
  ...addressTexts.en,
  ...dateTexts.en,
  ...dialogTexts.en,
  ...emailTexts.en,
  ...selectTexts.en,
};
