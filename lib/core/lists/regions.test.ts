import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  AREA_DISTRICT,
  buildRegions,
  FIXTURES_DIR,
  generateRegionsSource,
  type HkPostArea,
  REGIONS_DATA_PATH,
  titleCase,
} from "../../../build/regions.ts";
import type { AlsSuggestion } from "../als.ts";
import type { DistrictCode, RegionCode } from "../types.ts";
import {
  districtsOf,
  findDistrict,
  findRegion,
  findSubDistrict,
  REGIONS,
  regionOfDistrict,
  subDistrictsOf,
} from "./regions.ts";

const readJson = <T>(name: string): T => JSON.parse(readFileSync(resolve(FIXTURES_DIR, name), "utf8")) as T;
const areas = readJson<HkPostArea[][]>("hk-districts.json");
const codes = readJson<{ dcDistrict: Record<string, { eng: string; chi: string }> }>(
  "hk-dc-districts-als-codes.json",
);

describe("regions.data.ts", () => {
  it("is where the region and district code types come from (exactly its codes, no other string)", () => {
    const codes: { region: RegionCode; district: DistrictCode }[] = [{ region: "KLN", district: "KT" }];
    // @ts-expect-error: not a region code of the list
    const region: RegionCode = "KL";
    // @ts-expect-error: not a district code of the list
    const district: DistrictCode = "KTG";
    expect([...codes, { region, district }]).toHaveLength(2);
  });

  it("is what build/regions.ts generates from the fixtures now", () => {
    expect(readFileSync(REGIONS_DATA_PATH, "utf8")).toBe(generateRegionsSource());
  });

  it("has 香港/九龍/新界 with 4 + 5 + 9 = 18 districts, the codes of the ALS table and no placeholder", () => {
    expect(REGIONS.map((r) => [r.code, r.zh, r.en])).toEqual([
      ["HK", "香港", "Hong Kong"],
      ["KLN", "九龍", "Kowloon"],
      ["NT", "新界", "New Territories"],
    ]);
    expect(REGIONS.map((r) => r.districts.length)).toEqual([4, 5, 9]);
    const all = REGIONS.flatMap((r) => r.districts);
    expect(all.map((d) => d.code).sort()).toEqual(
      Object.keys(codes.dcDistrict)
        .filter((c) => c !== "invalid")
        .sort(),
    );
    for (const d of all) {
      expect(d.zh).toBe(codes.dcDistrict[d.code].chi);
      expect(d.en).not.toMatch(/district|distric/i);
    }
    expect(findDistrict("ST")?.en).toBe("Sha Tin");
    expect(findDistrict("CW")?.en).toBe("Central and Western");
  });

  it("puts every Hongkong Post area in exactly one district of its own region", () => {
    const regionOrder = ["HK", "KLN", "NT"] as const;
    const placed = REGIONS.flatMap((r) =>
      r.districts.flatMap((d) => d.subDistricts.map((s) => ({ s, r: r.code }))),
    );
    const fixtureAreas = areas.flatMap((group, i) => group.map((a) => ({ a, region: regionOrder[i] })));
    expect(placed).toHaveLength(fixtureAreas.length);
    expect(new Set(placed.map((p) => p.s.id)).size).toBe(fixtureAreas.length);
    for (const { a, region } of fixtureAreas) {
      const hits = placed.filter((p) => p.s.id === a.value);
      expect(hits, a.en_name).toHaveLength(1);
      expect(hits[0].r, a.en_name).toBe(region);
      expect(hits[0].s.zh).toBe(a.zh_name);
      expect(hits[0].s.en.toUpperCase()).toBe(a.en_name);
    }
  });

  it("gives every district at least one sub-district", () => {
    for (const d of REGIONS.flatMap((r) => r.districts))
      expect(d.subDistricts.length, d.code).toBeGreaterThan(0);
  });

  it("places well-known areas where they are", () => {
    const districtOfArea = (en: string) =>
      REGIONS.flatMap((r) => r.districts).find((d) => d.subDistricts.some((s) => s.en === en))?.code;
    expect(districtOfArea("Tseung Kwan O")).toBe("SK");
    expect(districtOfArea("Tsing Yi")).toBe("KC");
    expect(districtOfArea("Causeway Bay")).toBe("WC");
    expect(districtOfArea("Admiralty")).toBe("CW");
    expect(districtOfArea("Mong Kok")).toBe("YTM");
    expect(districtOfArea("Hung Hom")).toBe("KLC");
    expect(districtOfArea("Ngau Tau Kok")).toBe("KT");
    expect(districtOfArea("Grass Island")).toBe("TP");
    expect(districtOfArea("Ma Wan")).toBe("TW");
    expect(districtOfArea("Lantau Island - Tung Chung")).toBe("ILD");
    expect(districtOfArea("Sha Tin - Fo Tan")).toBe("ST");
  });
});

describe("build/regions.ts", () => {
  it("refuses an area mapped to a district of another region", () => {
    const moved = structuredClone(areas);
    moved[0].push({ value: "124", en_name: "TSEUNG KWAN O", zh_name: "將軍澳" });
    moved[2] = moved[2].filter((a) => a.value !== "124");
    expect(() => buildRegions(moved, readJson("hk-dc-districts-als-codes.json"))).toThrow(
      /not a district of HK/,
    );
  });

  it("refuses an area it has no district for, and a mapping for an area the fixture lacks", () => {
    const extra = structuredClone(areas);
    extra[1].push({ value: "99999", en_name: "NOWHERE", zh_name: "無" });
    expect(() => buildRegions(extra, readJson("hk-dc-districts-als-codes.json"))).toThrow(/99999.*nothing/);
    const fewer = structuredClone(areas);
    fewer[1] = fewer[1].filter((a) => a.value !== "27");
    expect(() => buildRegions(fewer, readJson("hk-dc-districts-als-codes.json"))).toThrow(/lacks: 27/);
    expect(Object.keys(AREA_DISTRICT)).toContain("27");
  });

  it("title-cases Hongkong Post names, hyphens and dashes included", () => {
    expect(titleCase("MID-LEVELS")).toBe("Mid-Levels");
    expect(titleCase("SHA TIN - FO TAN")).toBe("Sha Tin - Fo Tan");
    expect(titleCase("THE PEAK")).toBe("The Peak");
  });
});

describe("findRegion / findDistrict / findSubDistrict", () => {
  it.each([
    ["KLN", "KLN"],
    ["九龍", "KLN"],
    ["Kowloon", "KLN"],
    ["hong kong", "HK"],
    ["新界", "NT"],
    ["NEW TERRITORIES", "NT"],
  ])("findRegion(%s) → %s", (input, code) => {
    expect(findRegion(input)?.code).toBe(code);
  });

  it.each([
    ["YTM", "YTM"],
    ["ytm", "YTM"],
    ["KOWLOON CITY DISTRICT", "KLC"],
    ["九龍城區", "KLC"],
    ["九龍城", "KLC"],
    ["Kowloon City", "KLC"],
    ["CENTRAL & WESTERN DISTRICT", "CW"],
    ["CENTRAL AND WESTERN DISTRICT", "CW"],
    ["中西區", "CW"],
    ["SHA TIN DISTRICT", "ST"],
    ["Shatin", "ST"],
    ["NORTH DISTRICT", "NTH"],
    ["北區", "NTH"],
    ["ISLANDS DISTRICT", "ILD"],
    ["離島區", "ILD"],
  ])("findDistrict(%s) → %s", (input, code) => {
    expect(findDistrict(input)?.code).toBe(code);
  });

  it.each([[""], ["   "], [null], [undefined], ["invalid"], ["Sha Tin Distric"], ["NORTH POINT"], ["區"]])(
    "finds no district for %j",
    (input) => {
      expect(findDistrict(input)).toBeUndefined();
    },
  );

  it("finds no region for unknown names", () => {
    expect(findRegion("Macau")).toBeUndefined();
    expect(findRegion("")).toBeUndefined();
  });

  it("lists districts of a region and areas of a district; unknown codes give empty lists", () => {
    expect(districtsOf("HK").map((d) => d.code)).toEqual(["CW", "WC", "EST", "STH"]);
    expect(subDistrictsOf("WC").map((s) => s.en)).toEqual(["Causeway Bay", "Happy Valley", "Wan Chai"]);
    expect(districtsOf("XX")).toEqual([]);
    expect(subDistrictsOf("XX")).toEqual([]);
    expect(regionOfDistrict("KC")?.code).toBe("NT");
  });

  it("finds an area of the district by id, either name, or a locality of a 'PLACE - LOCALITY' area", () => {
    expect(findSubDistrict("SK", "124")?.en).toBe("Tseung Kwan O");
    expect(findSubDistrict("SK", "TSEUNG KWAN O")?.id).toBe("124");
    expect(findSubDistrict("SK", "將軍澳")?.id).toBe("124");
    expect(findSubDistrict("ILD", "TUNG CHUNG")?.id).toBe("176");
    expect(findSubDistrict("ILD", "東涌")?.id).toBe("176");
    expect(findSubDistrict("ST", "火炭")?.id).toBe("186");
    expect(findSubDistrict("YL", "Kam Tin")?.id).toBe("109");
  });

  it("does not find an area that belongs to another district", () => {
    expect(findSubDistrict("TW", "KWAI CHUNG")).toBeUndefined();
    expect(findSubDistrict("KT", "124")).toBeUndefined();
    expect(findSubDistrict("SK", "")).toBeUndefined();
  });
});

describe("districts and regions named by the real ALS answers", () => {
  const alsDir = resolve(FIXTURES_DIR, "als");
  const suggestions = readdirSync(alsDir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) =>
      (JSON.parse(readFileSync(resolve(alsDir, f), "utf8")).SuggestedAddress as AlsSuggestion[]).map((s) => ({
        file: f,
        p: s.Address.PremisesAddress,
      })),
    );

  it("covers both endpoints (old codes and new names)", () => {
    const names = new Set(suggestions.map(({ p }) => p.EngPremisesAddress?.EngDistrict?.DcDistrict));
    expect(names).toContain("YTM");
    expect(names).toContain("KOWLOON CITY DISTRICT");
    expect(suggestions.length).toBeGreaterThan(50);
  });

  it("maps every English and Chinese district through findDistrict, and Region to that district's region", () => {
    for (const { file, p } of suggestions) {
      const eng = p.EngPremisesAddress;
      const chi = p.ChiPremisesAddress;
      const district = findDistrict(eng?.EngDistrict?.DcDistrict);
      expect(district, `${file}: ${eng?.EngDistrict?.DcDistrict}`).toBeDefined();
      if (chi) expect(findDistrict(chi.ChiDistrict?.DcDistrict)?.code, file).toBe(district?.code);
      const region = regionOfDistrict(district!.code);
      expect(findRegion(eng?.Region)?.code, file).toBe(region?.code);
      if (chi) expect(findRegion(chi.Region)?.code, file).toBe(region?.code);
    }
  });
});
