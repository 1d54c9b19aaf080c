/**
 * A customer put where a test starts, instead of walking the pages there again: a sign-in made
 * through the API, stored as a verified code stores it (docs/rules.md#browser-storage, the flow's
 * session `nu-flow:<flow>:…`), and the draft the steps keep in sessionStorage (`nu-draft:<flow>`,
 * lib/flows/shared/flowDraft.ts) holding the answers of the steps before. The values are the ones
 * the pages store for the same answers (the address is the played-back Amoy Gardens, Block P).
 */
import type { Page } from "@playwright/test";
import { emptyDraft, type FlowDraft } from "../lib/flows/shared/flowDraft.ts";
import { customerToken, type FlowName } from "./nuform-steps.ts";

/** What the browser holds: localStorage and sessionStorage entries. */
export interface StoredState {
  local: Record<string, string>;
  session: Record<string, string>;
}

const SIGNED_IN_FLAG = { nuform: "isAuthenticated", recruitment: "isAuthenticatedRe" } as const;

/** Amoy Gardens, Block P, as the address field stores it once the ALS suggestion is picked. */
const AMOY_GARDENS = {
  address: {
    region: "KLN",
    district: "KT",
    subDistrict: "",
    building: "淘大花園",
    buildingEn: "AMOY GARDENS",
    block: "P座",
    floor: "",
    room: "",
    street_en: "77 NGAU TAU KOK ROAD",
    street_zh: "牛頭角道77號",
    latitude: "22.3238",
    longitude: "114.217",
    buildingLang: "zh",
  },
  address_en: {
    region: "Kowloon",
    district: "Kwun Tong",
    subDistrict: "",
    building: "AMOY GARDENS",
    block: "BLK P",
    floor: "",
    room: "",
    street: "77 NGAU TAU KOK ROAD",
  },
  /** The hints the address field keeps in localStorage beside the draft. */
  hints: {
    street_en: "77 NGAU TAU KOK ROAD",
    street_zh: "牛頭角道77號",
    latitude: "22.3238",
    longitude: "114.217",
    show_building_zh: "true",
    show_building_en: "false",
  },
} satisfies { address: FlowDraft["address"]; address_en: FlowDraft["address_en"]; hints: object };

/** personInfoHK / personInfo done: residence, names, phone and the Amoy Gardens address. */
export function hkPerson(person: {
  last_name: string;
  first_name: string;
  phone: string;
}): Partial<FlowDraft> {
  return {
    residence: "HK",
    phone_code: "852",
    ...person,
    address: AMOY_GARDENS.address,
    address_en: AMOY_GARDENS.address_en,
  };
}

/** The terms step done: both required boxes ticked and the document versions the step records. */
export function termsAccepted(
  extra: { marketing?: boolean; partner_contact?: boolean } = {},
): Partial<FlowDraft> {
  return {
    consents: {
      terms: true,
      privacy: true,
      marketing: extra.marketing ?? false,
      documents: [
        { kind: "privacy_policy", version: "sample-2026-01" },
        { kind: "pics", version: "sample-2026-01" },
      ],
      ...(extra.partner_contact === undefined ? {} : { partner_contact: extra.partner_contact }),
    },
  };
}

/** cooperativePartner done with 綠蔭母嬰健康中心 (C02). */
export const GREEN_SHADE_CLINIC: Partial<FlowDraft> = {
  clinic_id: "C02",
  labels: { clinic: { zh: "綠蔭母嬰健康中心", en: "Green Shade Mother & Baby Health Centre" } },
};

/** babyInfo done: expecting on `date`, at 瑪麗醫院 (public, id 8); keeps the clinic's label. */
export function expectingAtQueenMary(date: string): Partial<FlowDraft> {
  return {
    ...GREEN_SHADE_CLINIC,
    baby: { status: "expecting", date, hospital_type: "Public", hospital_id: 8 },
    labels: { ...GREEN_SHADE_CLINIC.labels, hospital: { zh: "瑪麗醫院", en: "Queen Mary Hospital" } },
  };
}

/**
 * The browser of `email` signed in to `flow` (a code verified through the API), with a draft that
 * holds `answers`: what the pages store after that sign-in and those steps.
 */
export async function signedInState(
  flow: FlowName,
  email: string,
  answers: Partial<FlowDraft> = {},
): Promise<StoredState> {
  const token = await customerToken(email, flow);
  // The app's own empty draft, as the entry page has it after a code went out.
  const draft: FlowDraft = {
    ...emptyDraft(),
    loginEmail: email,
    codeSent: true,
    codeSentAt: Date.now(),
    codeSends: 1,
    ...answers,
  };
  return {
    local: {
      [SIGNED_IN_FLAG[flow]]: "true",
      CUSTOMER_TOKEN: token,
      [`nu-flow:${flow}:email`]: email,
      [`nu-flow:${flow}:existing`]: "false",
      ...(draft.address ? AMOY_GARDENS.hints : {}),
    },
    session: { [`nu-draft:${flow}`]: JSON.stringify(draft) },
  };
}

/** Stores `state` before the first page of the test runs its scripts (once: reloads keep what the page made of it). */
export async function storeBeforeLoad(page: Page, state: StoredState): Promise<void> {
  await page.addInitScript((values) => {
    if (sessionStorage.getItem("e2e-customer-seeded")) return;
    sessionStorage.setItem("e2e-customer-seeded", "1");
    for (const [key, value] of Object.entries(values.local)) localStorage.setItem(key, value);
    for (const [key, value] of Object.entries(values.session)) sessionStorage.setItem(key, value);
  }, state);
}

/** Stores `state` in the page already open (reload or navigate after it for the flows to read it). */
export async function storeNow(page: Page, state: StoredState): Promise<void> {
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values.local)) localStorage.setItem(key, value);
    for (const [key, value] of Object.entries(values.session)) sessionStorage.setItem(key, value);
  }, state);
}

/** Signed in to `flow` as `email` with `answers` in the draft, before the test's first page loads. */
export async function seedCustomer(
  page: Page,
  flow: FlowName,
  email: string,
  answers: Partial<FlowDraft> = {},
): Promise<void> {
  await storeBeforeLoad(page, await signedInState(flow, email, answers));
}
