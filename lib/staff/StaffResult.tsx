import { useEffect, useRef, useState } from "react";
import type { ApiClient } from "../api/index.ts";
import type { Lang } from "../core/i18n/index.ts";
import { nameIn } from "../core/personName.ts";
import type { Hospital, Lead, Product } from "../core/types.ts";
import { baseSheet } from "../ui/base.ts";
import { useIds } from "../ui/ids.ts";
import { useStyles } from "../ui/styles.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import type { StaffEventDetails } from "./events.ts";
import { formatHkDateTime } from "./format.ts";
import { Facts, identityFacts, LeadStatus, RedemptionList } from "./LeadParts.tsx";
import { babyText, residenceText } from "./leadView.ts";
import { staffSheet } from "./styles.ts";
import { type StaffApiProps, useLead, useStaffApi } from "./useStaffApi.ts";

/** Props of `<nu-staff-result>`: documented once, in lib/elements/staff.docs.ts. */
export interface StaffResultProps extends StaffApiProps {
  leadId?: string;
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

/** Product and hospital names for the ids a lead holds; ids stay visible when a list cannot load. */
function useNames(lead: Lead | null, client: ApiClient) {
  const [products, setProducts] = useState<Product[]>([]);
  const [hospitals, setHospitals] = useState<Hospital[]>([]);
  const productId = lead?.product_id ?? null;
  const hospitalType = lead?.baby?.hospital_type ?? null;
  useEffect(() => {
    if (!productId) return;
    let current = true;
    client.products().then(
      (list) => current && setProducts(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [productId, client]);
  useEffect(() => {
    if (!hospitalType) return;
    let current = true;
    client.hospitals(hospitalType).then(
      (list) => current && setHospitals(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [hospitalType, client]);
  return { products, hospitals };
}

function productName(lead: Lead, products: Product[], lang: Lang, none: string): string {
  if (!lead.product_id) return none;
  const product = products.find((p) => String(p.id) === String(lead.product_id));
  if (!product) return lead.product_id;
  return nameIn(lang, product.name_zh, product.name_en);
}

function hospitalName(lead: Lead, hospitals: Hospital[], lang: Lang): string {
  const baby = lead.baby;
  if (!baby?.hospital_id) return "";
  const hospital = hospitals.find((h) => h.id === Number(baby.hospital_id));
  if (!hospital) return String(baby.hospital_id);
  return nameIn(lang, hospital.cn_name, hospital.en_name);
}

/** The lead as staff need it to verify a person, with each redemption's status. */
export function StaffResult(props: StaffResultProps) {
  const ref = useRef<HTMLDivElement>(null);
  useStyles(ref, baseSheet, staffSheet);
  const t = useT(props.lang);
  const { client, lang, emit, endedSession } = useStaffApi(ref, props);
  const { state, reload } = useLead(props.leadId?.trim() || undefined, client, lang, endedSession);
  const lead = state.status === "ready" ? state.lead : null;
  const { products, hospitals } = useNames(lead, client);
  const ids = useIds("details", "redemptions");

  const toVerification = (
    <button
      type="button"
      className="nu-button nu-button--secondary"
      onClick={() => emit("nu-step", { step: "verification" })}
    >
      {t("staff.result.another")}
    </button>
  );

  if (!props.leadId?.trim()) {
    return (
      <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
        <div className="nu-panel">
          <p>{t("staff.lead.missing")}</p>
          <div className="nu-actions">{toVerification}</div>
        </div>
      </div>
    );
  }

  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
      <LeadStatus state={state} lang={lang} onRetry={reload} extra={toVerification} />
      {lead ? (
        <>
          <section className="nu-panel" aria-labelledby={ids.details}>
            <h2 className="nu-panel-title" id={ids.details}>
              {t("staff.result.title")}
            </h2>
            <Facts
              facts={[
                ...identityFacts(lead, lang),
                [t("staff.lead.residence"), residenceText(lead, lang)],
                [t("staff.lead.baby"), babyText(lead, lang)],
                [t("staff.lead.hospital"), hospitalName(lead, hospitals, lang)],
                [t("staff.lead.product"), productName(lead, products, lang, t("staff.lead.noProduct"))],
                [
                  t("staff.lead.flow"),
                  t(lead.flow === "recruitment" ? "staff.lead.flowRecruitment" : "staff.lead.flowNuform"),
                ],
                [t("staff.lead.createdAt"), formatHkDateTime(lead.created_at)],
              ]}
            />
          </section>
          <section className="nu-panel" aria-labelledby={ids.redemptions}>
            <h2 className="nu-panel-title" id={ids.redemptions}>
              {t("staff.result.redemptions")}
            </h2>
            <RedemptionList lead={lead} kinds={["member", "nutritionist"]} lang={lang} />
            <div className="nu-actions">
              <button
                type="button"
                className="nu-button"
                onClick={() => emit("nu-step", { step: "redeem_center", params: { leadId: lead.id } })}
              >
                {t("staff.result.toRedeem")}
              </button>
              <button
                type="button"
                className="nu-button nu-button--secondary"
                onClick={() => emit("nu-step", { step: "nutritionist_redeem", params: { id: lead.id } })}
              >
                {t("staff.result.toNutritionist")}
              </button>
              {toVerification}
            </div>
          </section>
        </>
      ) : null}
    </div>
  );
}
