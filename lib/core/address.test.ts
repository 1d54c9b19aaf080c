import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "../../build/regions.ts";
import {
  addressMissing,
  containsChinese,
  emptyAddress,
  mapSuggestion,
  suggestionLabel,
  toAddressEn,
} from "./address.ts";
import { type AlsResponse, type AlsSuggestion, alsRequest, alsSuggestions, shouldLookup } from "./als.ts";

const answer = (name: string): AlsSuggestion[] =>
  (JSON.parse(readFileSync(resolve(FIXTURES_DIR, "als", `${name}.json`), "utf8")) as AlsResponse)
    .SuggestedAddress ?? [];

const amoy = answer("amoy-gardens-block-p");
const metropolis = answer("hung-hom-metropolis-drive-6");
const focal = answer("focal-industrial-centre-en-zh");
const find = (list: AlsSuggestion[], pred: (s: AlsSuggestion) => boolean) => {
  const hit = list.find(pred);
  if (!hit) throw new Error("fixture record not found");
  return hit;
};
const eng = (s: AlsSuggestion) => s.Address.PremisesAddress.EngPremisesAddress;

const blockP = find(amoy, (s) => eng(s)?.EngBlock?.BlockNo === "P");
const amoyPlaza = find(amoy, (s) => eng(s)?.BuildingName === "AMOY PLAZA");
const fortune = find(metropolis, (s) => eng(s)?.BuildingName === "FORTUNE METROPOLIS");
const hungYiu = find(metropolis, (s) => eng(s)?.BuildingName === "HUNG YIU HOUSE (BLK 3)");
const capitalRange = find(metropolis, (s) => eng(s)?.EngStreet?.BuildingNoTo === "10");
const metroTown5 = find(
  metropolis,
  (s) => eng(s)?.EngEstate?.EstateName === "METRO TOWN" && eng(s)?.EngBlock?.BlockNo === "5",
);
const metroLoft = find(metropolis, (s) => eng(s)?.EngEstate?.EstateName === "METRO LOFT");
const focalA = find(focal, (s) => eng(s)?.EngBlock?.BlockNo === "A");

describe("containsChinese", () => {
  it.each([
    ["淘大花園", true],
    ["Amoy 花園", true],
    ["㐀", true], // Extension A
    ["𠀋", true], // Extension B (supplementary plane)
    ["Amoy Gardens Block P", false],
    ["，。", false], // CJK punctuation is not an ideograph
    ["", false],
    [null, false],
  ])("%j → %s", (text, expected) => {
    expect(containsChinese(text)).toBe(expected);
  });
});

describe("mapSuggestion — real ALS answers", () => {
  it("Amoy Gardens Block P typed in English: estate as building, English block, old district code", () => {
    expect(mapSuggestion(blockP, "Amoy Gardens Block P")).toEqual({
      region: "KLN",
      district: "KT",
      subDistrict: "",
      building: "淘大花園",
      buildingEn: "AMOY GARDENS",
      block: "BLK P",
      floor: "",
      room: "",
      street_en: "77 NGAU TAU KOK ROAD",
      street_zh: "牛頭角道77號",
      latitude: "22.3238",
      longitude: "114.217",
      buildingLang: "en",
    });
  });

  it("the same record typed in Chinese: Chinese fields, Chinese block (number then 座)", () => {
    const v = mapSuggestion(blockP, "淘大花園P座");
    expect(v.buildingLang).toBe("zh");
    expect(v.building).toBe("淘大花園");
    expect(v.block).toBe("P座");
  });

  it("a building name wins over the estate name", () => {
    expect(mapSuggestion(amoyPlaza, "amoy")).toMatchObject({
      buildingEn: "AMOY PLAZA",
      building: "淘大商場",
      block: "",
    });
    expect(mapSuggestion(fortune, "都會")).toMatchObject({
      region: "KLN",
      district: "YTM",
      building: "置富都會",
      buildingEn: "FORTUNE METROPOLIS",
      buildingLang: "zh",
      street_zh: "都會道6號",
      street_en: "6 METROPOLIS DRIVE",
    });
  });

  it("does not repeat a block the building name already holds", () => {
    expect(mapSuggestion(hungYiu, "紅磡")).toMatchObject({
      building: "紅曜樓(第3座)",
      block: "",
      district: "KLC",
    });
    expect(mapSuggestion(hungYiu, "hung yiu")).toMatchObject({
      buildingEn: "HUNG YIU HOUSE (BLK 3)",
      block: "",
    });
  });

  it("writes a number range as from-to", () => {
    expect(mapSuggestion(capitalRange, "capital")).toMatchObject({
      street_en: "6-10 SUN WUI ROAD",
      street_zh: "新會道6-10號",
      region: "HK",
      district: "WC",
    });
  });

  it("finds the sub-district from the street's locality (KING LING ROAD, TSEUNG KWAN O)", () => {
    const v = mapSuggestion(metroTown5, "metro town");
    expect(v).toMatchObject({
      region: "NT",
      district: "SK",
      subDistrict: "124",
      buildingEn: "METRO TOWN",
      block: "TOWER 5",
    });
    expect(mapSuggestion(metroTown5, "都會駅")).toMatchObject({ subDistrict: "124", block: "5座" });
    expect(mapSuggestion(metroLoft, "metro loft")).toMatchObject({ district: "KC", subDistrict: "142" });
  });

  it("leaves the sub-district empty when the answer names no locality (The Metropolis, Hung Hom)", () => {
    expect(mapSuggestion(fortune, "都會").subDistrict).toBe("");
  });

  it("clears a sub-district that is not in the district's list", () => {
    // The real Metro Loft record, as if the service had placed it in Tsuen Wan: KWAI CHUNG is
    // Kwai Tsing's area, not Tsuen Wan's, so it must not be kept.
    const moved = structuredClone(metroLoft);
    moved.Address.PremisesAddress.EngPremisesAddress!.EngDistrict = { DcDistrict: "TW" };
    moved.Address.PremisesAddress.ChiPremisesAddress!.ChiDistrict = { DcDistrict: "TW" };
    expect(mapSuggestion(moved, "metro loft")).toMatchObject({
      district: "TW",
      region: "NT",
      subDistrict: "",
    });
  });

  it("maps a new-endpoint answer (Focal): full district names, coordinates as one object", () => {
    expect(mapSuggestion(focalA, "Focal\n")).toEqual({
      region: "KLN",
      district: "KLC",
      subDistrict: "",
      building: "富高工業中心",
      buildingEn: "FOCAL INDUSTRIAL CENTRE",
      block: "BLK A",
      floor: "",
      room: "",
      street_en: "21 MAN LOK STREET",
      street_zh: "民樂街21號",
      latitude: "22.31031",
      longitude: "114.18979",
      buildingLang: "en",
    });
    expect(mapSuggestion(focalA, "富高").block).toBe("A座");
  });

  it("takes the first point when the old endpoint gives an array of coordinates", () => {
    const geo = blockP.Address.PremisesAddress.GeospatialInformation;
    expect(Array.isArray(geo)).toBe(true);
    const first = (geo as { Latitude: string; Longitude: string }[])[0];
    const v = mapSuggestion(blockP, "amoy");
    expect([v.latitude, v.longitude]).toEqual([first.Latitude, first.Longitude]);
  });

  it("keeps the floor and room the user already typed", () => {
    expect(mapSuggestion(blockP, "amoy", { floor: "12", room: "C" })).toMatchObject({
      floor: "12",
      room: "C",
    });
  });

  it("falls back to the language the answer has", () => {
    const englishOnly = structuredClone(focalA);
    delete englishOnly.Address.PremisesAddress.ChiPremisesAddress;
    expect(mapSuggestion(englishOnly, "富高")).toMatchObject({
      buildingLang: "en",
      building: "",
      block: "BLK A",
    });
  });

  it("maps a suggestion without premises details to an empty address", () => {
    expect(mapSuggestion({ Address: { PremisesAddress: {} } }, "x")).toEqual(emptyAddress());
  });
});

describe("suggestionLabel", () => {
  it("shows a Chinese line big-to-small and an English line small-to-big", () => {
    expect(suggestionLabel(blockP, "zh")).toBe("觀塘區 牛頭角道77號 淘大花園P座");
    expect(suggestionLabel(blockP, "en")).toBe("BLK P, AMOY GARDENS, 77 NGAU TAU KOK ROAD, KWUN TONG");
    expect(suggestionLabel(fortune, "zh-HK")).toBe("油尖旺區 都會道6號 國際都會 置富都會");
    expect(suggestionLabel(focalA, "en")).toBe(
      "BLK A, FOCAL INDUSTRIAL CENTRE, 21 MAN LOK STREET, KOWLOON CITY",
    );
  });
  it("does not repeat the block held by the name", () => {
    expect(suggestionLabel(hungYiu, "en")).toBe(
      "HUNG YIU HOUSE (BLK 3), HUNG HOM ESTATE, 28 TAI WAN ROAD, KOWLOON CITY",
    );
    expect(suggestionLabel(hungYiu, "zh")).toBe("九龍城區 大環道28號 紅磡邨 紅曜樓(第3座)");
  });
  it("uses the language the answer has", () => {
    const englishOnly = structuredClone(focalA);
    delete englishOnly.Address.PremisesAddress.ChiPremisesAddress;
    expect(suggestionLabel(englishOnly, "zh")).toBe(
      "BLK A, FOCAL INDUSTRIAL CENTRE, 21 MAN LOK STREET, KOWLOON CITY",
    );
  });
});

describe("toAddressEn", () => {
  it("builds the English copy with English names", () => {
    const v = { ...mapSuggestion(metroTown5, "都會駅"), floor: "23", room: "A" };
    expect(toAddressEn(v)).toEqual({
      region: "New Territories",
      district: "Sai Kung",
      subDistrict: "Tseung Kwan O",
      building: "METRO TOWN",
      block: "BLK 5",
      floor: "23",
      room: "A",
      street: "8 KING LING ROAD, TSEUNG KWAN O",
    });
  });

  it("keeps an English block and uses the Chinese building when no English one exists", () => {
    const v = {
      ...emptyAddress(),
      region: "HK" as const,
      district: "WC" as const,
      subDistrict: "4",
      building: "某大廈",
      block: "BLK 2",
    };
    expect(toAddressEn(v)).toMatchObject({
      region: "Hong Kong",
      district: "Wan Chai",
      subDistrict: "Causeway Bay",
      building: "某大廈",
      block: "BLK 2",
    });
  });

  it("gives empty names for empty or unknown codes", () => {
    expect(toAddressEn(emptyAddress())).toEqual({
      region: "",
      district: "",
      subDistrict: "",
      building: "",
      block: "",
      floor: "",
      room: "",
      street: "",
    });
    expect(toAddressEn({ ...emptyAddress(), district: "WC", subDistrict: "124" }).subDistrict).toBe("");
  });

  it("turns 第3座 into BLK 3", () => {
    expect(toAddressEn({ ...emptyAddress(), block: "第3座" }).block).toBe("BLK 3");
  });
});

describe("addressMissing", () => {
  it("lists the empty required fields", () => {
    expect(addressMissing(emptyAddress())).toEqual(["region", "district", "building"]);
    expect(addressMissing(mapSuggestion(blockP, "amoy"))).toEqual([]);
    expect(addressMissing({ ...mapSuggestion(blockP, "amoy"), building: " ", buildingEn: "" })).toEqual([
      "building",
    ]);
    expect(addressMissing({ ...emptyAddress(), region: "HK", buildingEn: "X" })).toEqual(["district"]);
  });
});

describe("ALS request rules", () => {
  it("looks up only text longer than 1 character", () => {
    expect(shouldLookup("")).toBe(false);
    expect(shouldLookup("a")).toBe(false);
    expect(shouldLookup(" a ")).toBe(false);
    expect(shouldLookup("ab")).toBe(true);
    expect(shouldLookup("淘大")).toBe(true);
  });

  it("asks for 20 suggestions in JSON, English and Traditional Chinese", () => {
    const { url, headers } = alsRequest(" 淘大 花園 ");
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe("https://www.als.gov.hk/lookup");
    expect(parsed.searchParams.get("q")).toBe("淘大 花園");
    expect(parsed.searchParams.get("n")).toBe("20");
    expect(headers).toEqual({ Accept: "application/json", "Accept-Language": "en,zh-Hant" });
    expect(alsRequest("ab", "http://127.0.0.1:9/lookup?key=1").url).toBe(
      "http://127.0.0.1:9/lookup?key=1&q=ab&n=20",
    );
  });

  it("reads suggestions from an answer; anything else is no suggestion", () => {
    expect(alsSuggestions({ SuggestedAddress: amoy })).toHaveLength(24);
    expect(alsSuggestions({ SuggestedAddress: [] })).toEqual([]);
    expect(alsSuggestions({})).toEqual([]);
    expect(alsSuggestions(null)).toEqual([]);
    expect(alsSuggestions("<xml/>")).toEqual([]);
    expect(alsSuggestions({ SuggestedAddress: [null, {}, blockP] })).toEqual([blockP]);
  });
});
