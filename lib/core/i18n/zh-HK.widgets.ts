import { addressTexts } from "./widgets/address.ts";
import { dateTexts } from "./widgets/date.ts";
import { dialogTexts } from "./widgets/dialog.ts";
import { emailTexts } from "./widgets/email.ts";
import { selectTexts } from "./widgets/select.ts";

/**
 * The zh-HK texts the widgets (lib/widgets) show, gathered from their own modules (./widgets/: each
 * widget's texts in both languages, which the React widgets import alone, so a page with a
 * `<Select>` carries its one text, not the catalogues). lib/core/i18n/index.ts adds them to
 * zh-HK.ts's for everything else. In the element builds build/catalogues.ts cuts the whole catalogue
 * (zh-HK.ts and this) anew by signInMessages.ts: this module becomes the part the widget elements
 * load beyond the sign-in texts (lib/load/catalogues.ts) and its sign-in texts (`common.*`,
 * `widgets.email.*`) stay in zh-HK.ts's part.
 */
export const zhHKWidgets = {
  ...addressTexts["zh-HK"],
  ...dateTexts["zh-HK"],
  ...dialogTexts["zh-HK"],
  ...emailTexts["zh-HK"],
  ...selectTexts["zh-HK"],
};

export type WidgetMessageKey = keyof typeof zhHKWidgets;
