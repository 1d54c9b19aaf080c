import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import type { StaffStepDetail } from "./events.ts";
import { wantCamera } from "./useStaffApi.ts";

/** After a redemption: back to verification with the camera live for the next customer. */
export function NextCustomer({ lang, onStep }: { lang: Lang; onStep: (detail: StaffStepDetail) => void }) {
  return (
    <button
      type="button"
      className="nu-button"
      onClick={() => {
        wantCamera(true);
        onStep({ step: "verification" });
      }}
    >
      {t(lang, "staff.redeem.next")}
    </button>
  );
}
