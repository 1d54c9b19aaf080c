import type { Lang } from "./translate.ts";
import { addressTexts } from "./widgets/address.ts";
import { dateTexts } from "./widgets/date.ts";
import { dialogTexts } from "./widgets/dialog.ts";
import { emailTexts } from "./widgets/email.ts";
import { selectTexts } from "./widgets/select.ts";

/**
 * Every widget's own texts (./widgets/), for what must see them all: build/render-first-paint.tsx swaps
 * them for markers, and i18n.test.ts checks they are exactly zh-HK.widgets.ts's and en.widgets.ts's
 * (so a widget texts module missing here fails that test). Shipped by no build.
 */
export const WIDGET_TEXT_MODULES: Record<Lang, Readonly<Record<string, string>>>[] = [
  addressTexts,
  dateTexts,
  dialogTexts,
  emailTexts,
  selectTexts,
];
