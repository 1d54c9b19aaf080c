/**
 * Names for the list ids a lead holds (its product, its hospital), from the server's lists; an id
 * stays visible when its list cannot load.
 */
import { useEffect, useState } from "react";
import type { ApiClient } from "../api/index.ts";
import type { Lang } from "../core/i18n/index.ts";
import { nameIn } from "../core/personName.ts";
import type { Hospital, Lead, Product } from "../core/types.ts";

/**
 * The product and hospital lists a lead needs (loaded only when it holds such an id); `null`
 * until that list has answered, `[]` when it could not load.
 */
export function useLeadLists(lead: Lead | null, client: ApiClient) {
  const [products, setProducts] = useState<Product[] | null>(null);
  const [hospitals, setHospitals] = useState<Hospital[] | null>(null);
  const productId = lead?.product_id ?? null;
  const hospitalType = lead?.baby?.hospital_type ?? null;
  useEffect(() => {
    if (!productId) return;
    let current = true;
    client.products().then(
      (list) => current && setProducts(list),
      () => current && setProducts([]),
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
      () => current && setHospitals([]),
    );
    return () => {
      current = false;
    };
  }, [hospitalType, client]);
  return { products, hospitals };
}

/** The lead's chosen product from the list (null: none chosen, or not in the list). */
export function productOf(lead: Lead, products: readonly Product[] | null): Product | null {
  if (!lead.product_id || !products) return null;
  return products.find((p) => String(p.id) === String(lead.product_id)) ?? null;
}

export function productName(
  lead: Lead,
  products: readonly Product[] | null,
  lang: Lang,
  none: string,
): string {
  if (!lead.product_id) return none;
  const product = productOf(lead, products);
  return product ? nameIn(lang, product.name_zh, product.name_en) : lead.product_id;
}

/** What the product is for (its stage: "適合 0 至 6 個月嬰兒"), when the list says. */
export function productStage(product: Product | null, lang: Lang): string {
  if (!product) return "";
  const zh = typeof product.description_zh === "string" ? product.description_zh : "";
  const en = typeof product.description_en === "string" ? product.description_en : "";
  return nameIn(lang, zh, en);
}

export function hospitalName(lead: Lead, hospitals: readonly Hospital[] | null, lang: Lang): string {
  const baby = lead.baby;
  if (!baby?.hospital_id) return "";
  const hospital = hospitals?.find((h) => h.id === Number(baby.hospital_id));
  if (!hospital) return String(baby.hospital_id);
  return nameIn(lang, hospital.cn_name, hospital.en_name);
}
