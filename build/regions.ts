/**
 * Builds lib/core/lists/regions.data.ts (3 regions → 18 districts → sub-districts) from the
 * reference fixtures in fixtures/:
 *   - hk-districts.json: Hongkong Post's areas, grouped only by region (the sub-districts);
 *   - hk-dc-districts-als-codes.json: the 18 District Council district codes of the ALS service.
 * No public dataset links the areas to the 18 districts, so AREA_DISTRICT below is written by hand
 * from Hong Kong geography (where an area straddles two districts, the district holding most of
 * it wins: Causeway Bay → Wan Chai, Kowloon Tong → Kowloon City, Tai Lam → Tuen Mun).
 *
 * Run: `node --import tsx build/regions.ts` (the output is checked in, so the package does
 * not need the fixtures; a unit test asserts it is current).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { DistrictCode, RegionCode } from "../lib/core/types.ts";

export interface HkPostArea {
  value: string;
  en_name: string;
  zh_name: string;
}

export interface AlsCodeTable {
  region: Record<string, { eng: string; chi: string }>;
  dcDistrict: Record<string, { eng: string; chi: string }>;
}

interface SubDistrictOut {
  id: string;
  zh: string;
  en: string;
}
interface DistrictOut {
  code: DistrictCode;
  zh: string;
  en: string;
  subDistricts: SubDistrictOut[];
}
interface RegionOut {
  code: RegionCode;
  zh: string;
  en: string;
  districts: DistrictOut[];
}

/** Index of each region in hk-districts.json (the upstream repo's own order). */
const REGION_ORDER: readonly RegionCode[] = ["HK", "KLN", "NT"];

/**
 * The districts of each region in the government's usual order, with proper English names
 * (upstream's are "… District" title-case with a "Sha Tin Distric" typo).
 */
const DISTRICTS: Record<RegionCode, readonly { code: DistrictCode; en: string }[]> = {
  HK: [
    { code: "CW", en: "Central and Western" },
    { code: "WC", en: "Wan Chai" },
    { code: "EST", en: "Eastern" },
    { code: "STH", en: "Southern" },
  ],
  KLN: [
    { code: "YTM", en: "Yau Tsim Mong" },
    { code: "SSP", en: "Sham Shui Po" },
    { code: "KLC", en: "Kowloon City" },
    { code: "WTS", en: "Wong Tai Sin" },
    { code: "KT", en: "Kwun Tong" },
  ],
  NT: [
    { code: "KC", en: "Kwai Tsing" },
    { code: "TW", en: "Tsuen Wan" },
    { code: "TM", en: "Tuen Mun" },
    { code: "YL", en: "Yuen Long" },
    { code: "NTH", en: "North" },
    { code: "TP", en: "Tai Po" },
    { code: "ST", en: "Sha Tin" },
    { code: "SK", en: "Sai Kung" },
    { code: "ILD", en: "Islands" },
  ],
};

/** Hongkong Post area value → District Council district. */
export const AREA_DISTRICT: Readonly<Record<string, DistrictCode>> = {
  // Hong Kong Island
  "1": "STH", // ABERDEEN 香港仔
  "125": "CW", // ADMIRALTY 金鐘
  "2": "STH", // AP LEI CHAU 鴨脷洲
  "4": "WC", // CAUSEWAY BAY 銅鑼灣
  "5": "CW", // CENTRAL 中環
  "6": "EST", // CHAI WAN 柴灣
  "285": "STH", // CHUNG HOM KOK 舂坎角
  "10": "STH", // DEEP WATER BAY 深水灣
  "25": "WC", // HAPPY VALLEY 跑馬地
  "29": "CW", // KENNEDY TOWN 堅尼地城
  "35": "CW", // MID-LEVELS 半山區
  "38": "EST", // NORTH POINT 北角
  "39": "STH", // POK FU LAM 薄扶林
  "40": "EST", // QUARRY BAY 鰂魚涌
  "41": "STH", // REPULSE BAY 淺水灣
  "292": "EST", // SAI WAN HO 西灣河
  "50": "CW", // SAI YING PUN 西營盤
  "57": "EST", // SHAU KEI WAN 筲箕灣
  "59": "STH", // SHEK O 石澳
  "60": "CW", // SHEK TONG TSUI 石塘咀
  "70": "CW", // SHEUNG WAN 上環
  "73": "STH", // STANLEY 赤柱
  "86": "STH", // TAI TAM 大潭
  "89": "CW", // THE PEAK 山頂
  "100": "WC", // WAN CHAI 灣仔
  "101": "STH", // WONG CHUK HANG 黃竹坑
  // Kowloon
  "291": "KT", // CHA KWO LING 茶果嶺
  "132": "SSP", // CHEUNG SHA WAN 長沙灣
  "11": "WTS", // DIAMOND HILL 鑽石山
  "26": "KLC", // HO MAN TIN 何文田
  "27": "KLC", // HUNG HOM 紅磡
  "141": "KT", // KOWLOON BAY 九龍灣
  "30": "KLC", // KOWLOON CITY 九龍城
  "31": "KLC", // KOWLOON TONG 九龍塘
  "143": "KT", // KWUN TONG 觀塘
  "144": "SSP", // LAI CHI KOK 荔枝角
  "145": "KT", // LAM TIN 藍田
  "297": "WTS", // LOK FU 樂富
  "36": "YTM", // MONG KOK 旺角
  "37": "WTS", // NGAU CHI WAN 牛池灣
  "151": "KT", // NGAU TAU KOK 牛頭角
  "51": "WTS", // SAN PO KONG 新蒲崗
  "158": "KT", // SAU MAU PING 秀茂坪
  "56": "SSP", // SHAM SHUI PO 深水埗
  "162": "SSP", // SHEK KIP MEI 石硤尾
  "74": "YTM", // TAI KOK TSUI 大角咀
  "91": "KLC", // TO KWA WAN 土瓜灣
  "93": "YTM", // TSIM SHA TSUI 尖沙咀
  "95": "WTS", // TSZ WAN SHAN 慈雲山
  "293": "WTS", // WANG TAU HOM 橫頭磡
  "102": "WTS", // WONG TAI SIN 黃大仙
  "103": "YTM", // YAU MA TEI 油麻地
  "177": "KT", // YAU TONG 油塘
  "104": "SSP", // YAU YAT CHUEN 又一村
  // New Territories (incl. the islands)
  "127": "ILD", // CHEUNG CHAU 長洲
  "9": "SK", // CLEAR WATER BAY 清水灣
  "160": "NTH", // CROOKED ISLAND 吉澳
  "23": "NTH", // FANLING 粉嶺
  "12": "NTH", // FANLING - KWAN TEI 粉嶺軍地
  "184": "TP", // GRASS ISLAND 塔門
  "140": "ILD", // HEI LING CHAU 喜靈洲
  "108": "YL", // HUNG SHUI KIU 洪水橋
  "142": "KC", // KWAI CHUNG 葵涌
  "62": "NTH", // KWU TUNG 古洞
  "33": "ILD", // LAMMA ISLAND 南丫島
  "202": "ILD", // LANTAU ISLAND 大嶼山
  "126": "ILD", // LANTAU ISLAND - CHEK LAP KOK 大嶼山赤鱲角
  "131": "ILD", // LANTAU ISLAND - CHEUNG SHA 大嶼山長沙
  "133": "ILD", // LANTAU ISLAND - CHI MA WAN 大嶼山芝麻灣
  "136": "ILD", // LANTAU ISLAND - DISCOVERY BAY 大嶼山愉景灣
  "150": "ILD", // LANTAU ISLAND - MUI WO 大嶼山梅窩
  "152": "ILD", // LANTAU ISLAND - NGONG PING 大嶼山昂坪
  "164": "ILD", // LANTAU ISLAND - SHEK PIK 大嶼山石壁
  "168": "ILD", // LANTAU ISLAND - TAI O 大嶼山大澳
  "171": "ILD", // LANTAU ISLAND - TONG FUK 大嶼山塘福
  "176": "ILD", // LANTAU ISLAND - TUNG CHUNG 大嶼山東涌
  "110": "YL", // LAU FAU SHAN 流浮山
  "34": "ST", // MA ON SHAN 馬鞍山
  "175": "TW", // MA WAN 馬灣
  "153": "ILD", // PENG CHAU 坪洲
  "17": "NTH", // PING CHE 坪輋
  "49": "SK", // SAI KUNG 西貢
  "18": "NTH", // SHA TAU KOK 沙頭角
  "55": "ST", // SHA TIN 沙田
  "186": "ST", // SHA TIN - FO TAN 沙田火炭
  "54": "ST", // SHA TIN - SIU LEK YUEN 沙田小瀝源
  "88": "ST", // SHA TIN - TAI WAI 沙田大圍
  "161": "TW", // SHAM TSENG 深井
  "163": "ILD", // SHEK KWU CHAU 石鼓洲
  "69": "NTH", // SHEUNG SHUI 上水
  "295": "TM", // SO KWUN WAT 掃管笏
  "68": "NTH", // TA KWU LING 打鼓嶺
  "76": "TM", // TAI LAM 大欖
  "85": "TP", // TAI PO 大埔
  "78": "TP", // TAI PO - LAM TSUEN 大埔林村
  "83": "TP", // TAI PO - TING KOK 大埔汀角
  "82": "TP", // TAI PO KAU 大埔滘
  "284": "YL", // TIN SHUI WAI 天水圍
  "90": "TW", // TING KAU 汀九
  "124": "SK", // TSEUNG KWAN O 將軍澳
  "174": "KC", // TSING YI 青衣
  "94": "TW", // TSUEN WAN 荃灣
  "99": "TM", // TUEN MUN 屯門
  "97": "TM", // TUEN MUN - LAM TEI 屯門藍地
  "290": "TM", // TUEN MUN - SIU LAM 屯門小欖
  "123": "YL", // YUEN LONG 元朗
  "109": "YL", // YUEN LONG - KAM TIN 元朗錦田
  "114": "YL", // YUEN LONG - PAT HEUNG 元朗八鄉
  "115": "YL", // YUEN LONG - PING SHAN 元朗屏山
  "116": "YL", // YUEN LONG - SAN TIN 元朗新田
  "118": "YL", // YUEN LONG - SHEK KONG 元朗石崗
  "119": "YL", // YUEN LONG - TAI TONG 元朗大棠
  "113": "YL", // YUEN LONG - TAM MEI 元朗潭尾
};

/** Hongkong Post writes names in upper case; the lists show them in title case. */
export function titleCase(upper: string): string {
  return upper
    .toLowerCase()
    .replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** Assembles the region tree. Throws when an area is unmapped or mapped outside its region. */
export function buildRegions(areas: HkPostArea[][], codes: AlsCodeTable): RegionOut[] {
  if (areas.length !== REGION_ORDER.length) {
    throw new Error(`hk-districts.json: expected ${REGION_ORDER.length} region groups, got ${areas.length}`);
  }
  const seen = new Set<string>();
  const regions = REGION_ORDER.map((regionCode, index): RegionOut => {
    const region = codes.region[regionCode];
    if (!region) throw new Error(`region ${regionCode} missing from the ALS code table`);
    const districts = DISTRICTS[regionCode].map(({ code, en }): DistrictOut => {
      const names = codes.dcDistrict[code];
      if (!names) throw new Error(`district ${code} missing from the ALS code table`);
      return { code, zh: names.chi, en, subDistricts: [] };
    });
    for (const area of areas[index]) {
      if (seen.has(area.value)) throw new Error(`area ${area.value} appears twice`);
      seen.add(area.value);
      const districtCode = AREA_DISTRICT[area.value];
      const district = districts.find((d) => d.code === districtCode);
      if (!district) {
        throw new Error(
          `area ${area.value} (${area.en_name}) is mapped to ${districtCode ?? "nothing"}, not a district of ${regionCode}`,
        );
      }
      district.subDistricts.push({ id: area.value, zh: area.zh_name, en: titleCase(area.en_name) });
    }
    return { code: regionCode, zh: region.chi, en: region.eng, districts };
  });
  const stale = Object.keys(AREA_DISTRICT).filter((value) => !seen.has(value));
  if (stale.length > 0) throw new Error(`AREA_DISTRICT names areas the fixture lacks: ${stale.join(", ")}`);
  return regions;
}

const q = (text: string) => JSON.stringify(text);

/** The TypeScript source of regions.data.ts, already in Biome's format (so the check stays clean). */
export function renderRegionsSource(regions: RegionOut[]): string {
  const lines = [
    "// Generated by build/regions.ts from fixtures/ (hk-districts.json,",
    "// hk-dc-districts-als-codes.json). Do not edit by hand: change the script and run it again.",
    "",
    "/** A Hongkong Post area (the address selector's 分區); `id` is Hongkong Post's own area value. */",
    "export interface SubDistrict {",
    "  id: string;",
    "  zh: string;",
    "  en: string;",
    "}",
    "",
    "/** The shape of this list (the code types in regionTypes.ts are read from it). */",
    "export interface RegionData {",
    "  code: string;",
    "  zh: string;",
    "  en: string;",
    "  districts: readonly { code: string; zh: string; en: string; subDistricts: readonly SubDistrict[] }[];",
    "}",
    "",
    "export const REGIONS_DATA = [",
  ];
  for (const region of regions) {
    lines.push("  {", `    code: ${q(region.code)},`, `    zh: ${q(region.zh)},`, `    en: ${q(region.en)},`);
    lines.push("    districts: [");
    for (const district of region.districts) {
      lines.push(
        "      {",
        `        code: ${q(district.code)},`,
        `        zh: ${q(district.zh)},`,
        `        en: ${q(district.en)},`,
        "        subDistricts: [",
      );
      for (const s of district.subDistricts) {
        lines.push(`          { id: ${q(s.id)}, zh: ${q(s.zh)}, en: ${q(s.en)} },`);
      }
      lines.push("        ],", "      },");
    }
    lines.push("    ],", "  },");
  }
  lines.push("] as const satisfies readonly RegionData[];", "");
  return lines.join("\n");
}

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const FIXTURES_DIR = resolve(REPO_ROOT, "fixtures");
export const REGIONS_DATA_PATH = resolve(REPO_ROOT, "lib/core/lists/regions.data.ts");

export function generateRegionsSource(fixturesDir = FIXTURES_DIR): string {
  const areas = JSON.parse(readFileSync(resolve(fixturesDir, "hk-districts.json"), "utf8")) as HkPostArea[][];
  const codes = JSON.parse(
    readFileSync(resolve(fixturesDir, "hk-dc-districts-als-codes.json"), "utf8"),
  ) as AlsCodeTable;
  return renderRegionsSource(buildRegions(areas, codes));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(REGIONS_DATA_PATH, generateRegionsSource());
  console.log(`wrote ${REGIONS_DATA_PATH}`);
}
