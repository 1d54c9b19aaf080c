import { describe, expect, it } from "vitest";
import { type GuardDecision, nuformGuard, recruitmentGuard, STAFF_LEAD_FAIL, staffGuard } from "./guards.ts";
import { STAFF_HOME } from "./routes.ts";
import type { Flags } from "./storageKeys.ts";

const T = "true";
const stay: GuardDecision = { action: "stay" };
const toNuLogin: GuardDecision = { action: "redirect", to: "/customer/nuForm" };
const toReLogin: GuardDecision = { action: "redirect", to: "/customer/recruitmentForm" };

describe("recruitmentGuard", () => {
  const R = "/customer/recruitmentForm";
  const signedIn: Flags = { isAuthenticatedRe: T };
  const cases: [string, string, Flags, GuardDecision][] = [
    ["entry page, signed out", R, {}, stay],
    ["entry page with a trailing slash", `${R}/`, {}, stay],
    ["entry page with isInserted", R, { isInserted: T }, stay],
    ["guarded page, signed out", `${R}/personInfo`, {}, toReLogin],
    ["guarded page, signed in to nuForm only", `${R}/personInfo`, { isAuthenticated: T }, toReLogin],
    ["guarded page, flag not exactly 'true'", `${R}/personInfo`, { isAuthenticatedRe: "false" }, toReLogin],
    ["guarded page, flag 'TRUE'", `${R}/babyInfo`, { isAuthenticatedRe: "TRUE" }, toReLogin],
    ["personInfo, signed in", `${R}/personInfo`, signedIn, stay],
    ["termsAndConditions, signed in", `${R}/termsAndConditions`, signedIn, stay],
    ["cooperativePartner, signed in", `${R}/cooperativePartner`, signedIn, stay],
    ["babyInfo, signed in", `${R}/babyInfo`, signedIn, stay],
    ["lookingForward, signed in", `${R}/lookingForward`, signedIn, stay],
    ["memberRedemption, signed in", `${R}/memberRedemption`, signedIn, stay],
    ["with a query", `${R}/babyInfo?x=1`, signedIn, stay],
    ["isInserted on personInfo", `${R}/personInfo`, { ...signedIn, isInserted: T }, toReLogin],
    ["isInserted on lookingForward", `${R}/lookingForward`, { ...signedIn, isInserted: T }, toReLogin],
    [
      "isInserted on memberRedemption (the exception)",
      `${R}/memberRedemption`,
      { ...signedIn, isInserted: T },
      stay,
    ],
    ["isInserted on memberRedemption, signed out", `${R}/memberRedemption`, { isInserted: T }, toReLogin],
    ["isInserted not 'true'", `${R}/personInfo`, { ...signedIn, isInserted: "false" }, stay],
    ["a nuForm path is not its business", "/customer/nuForm/product", {}, stay],
    ["unknown step", `${R}/nope`, {}, stay],
  ];
  it.each(cases)("%s", (_, path, flags, expected) => {
    expect(recruitmentGuard({ path, flags })).toEqual(expected);
  });
});

describe("nuformGuard", () => {
  const N = "/customer/nuForm";
  const signedIn: Flags = { isAuthenticated: T };
  const inserted: Flags = { ...signedIn, isInserted: T };
  const fromRe: Flags = { RECTUITMENTFORM: T };
  const leaveRe: GuardDecision = { action: "stay", remove: ["RECTUITMENTFORM"] };
  const cases: [string, string, Flags, GuardDecision][] = [
    ["entry page, signed out", N, {}, stay],
    ["entry page, everything set", N, { ...inserted, IsSelectedNUProduct: T }, stay],
    ...[
      "personInfoHK",
      "personInfoCN",
      "TnCNew",
      "TnCExisting",
      "TnCPartnership",
      "product",
      "memberRedemption",
    ].map((step): [string, string, Flags, GuardDecision] => [
      `${step}, signed out`,
      `${N}/${step}`,
      {},
      toNuLogin,
    ]),
    ["signed in to recruitment only", `${N}/personInfoHK`, { isAuthenticatedRe: T }, toNuLogin],
    ["personInfoHK, signed in", `${N}/personInfoHK`, signedIn, stay],
    ["personInfoCN, signed in", `${N}/personInfoCN`, signedIn, stay],
    ["TnCNew, signed in", `${N}/TnCNew`, signedIn, stay],
    ["TnCExisting, signed in", `${N}/TnCExisting`, signedIn, stay],
    ["TnCPartnership, signed in", `${N}/TnCPartnership`, signedIn, stay],
    // isInserted set, not on product/memberRedemption, RECTUITMENTFORM not true → login
    ["isInserted on personInfoHK", `${N}/personInfoHK`, inserted, toNuLogin],
    ["isInserted on TnCNew", `${N}/TnCNew`, inserted, toNuLogin],
    ["isInserted on TnCPartnership", `${N}/TnCPartnership`, inserted, toNuLogin],
    [
      "isInserted on personInfoHK, RECTUITMENTFORM 'false'",
      `${N}/personInfoHK`,
      { ...inserted, RECTUITMENTFORM: "false" },
      toNuLogin,
    ],
    [
      "isInserted on personInfoHK, coming from recruitment",
      `${N}/personInfoHK`,
      { ...inserted, ...fromRe },
      stay,
    ],
    [
      "isInserted on TnCExisting, coming from recruitment",
      `${N}/TnCExisting`,
      { ...inserted, ...fromRe },
      stay,
    ],
    // product: back to login when a product was selected or nothing inserted, unless from recruitment
    ["product, inserted, nothing selected", `${N}/product`, inserted, stay],
    ["product, nothing inserted", `${N}/product`, signedIn, toNuLogin],
    [
      "product, inserted, product already selected",
      `${N}/product`,
      { ...inserted, IsSelectedNUProduct: T },
      toNuLogin,
    ],
    [
      "product, nothing inserted, product selected",
      `${N}/product`,
      { ...signedIn, IsSelectedNUProduct: T },
      toNuLogin,
    ],
    ["product, nothing inserted, from recruitment", `${N}/product`, { ...signedIn, ...fromRe }, stay],
    [
      "product, product selected, from recruitment",
      `${N}/product`,
      { ...inserted, IsSelectedNUProduct: T, ...fromRe },
      stay,
    ],
    [
      "product, IsSelectedNUProduct not 'true'",
      `${N}/product`,
      { ...inserted, IsSelectedNUProduct: "false" },
      stay,
    ],
    // memberRedemption: allowed with isInserted; entering it clears RECTUITMENTFORM
    ["memberRedemption, signed in", `${N}/memberRedemption`, signedIn, leaveRe],
    ["memberRedemption, inserted", `${N}/memberRedemption`, inserted, leaveRe],
    ["memberRedemption, from recruitment", `${N}/memberRedemption`, { ...inserted, ...fromRe }, leaveRe],
    ["memberRedemption, trailing slash", `${N}/memberRedemption/`, signedIn, leaveRe],
    ["a recruitment path is not its business", "/customer/recruitmentForm/personInfo", {}, stay],
    ["unknown step", `${N}/nope`, {}, stay],
    ["case matters in customer routes", "/customer/nuform/product", {}, stay],
  ];
  it.each(cases)("%s", (_, path, flags, expected) => {
    expect(nuformGuard({ path, flags })).toEqual(expected);
  });
});

describe("staffGuard", () => {
  const NOW = 1_800_000_000_000;
  const b64url = (text: string) => Buffer.from(text).toString("base64url");
  const token = (expSeconds: number) => `${b64url("{}")}.${b64url(JSON.stringify({ exp: expSeconds }))}.sig`;
  const valid: Flags = { Token: token(NOW / 1000 + 60) };
  const expired: Flags = { Token: token(NOW / 1000 - 1) };
  const home = (path: string): GuardDecision => ({
    action: "redirect",
    to: STAFF_HOME,
    set: { redirect_url: path },
  });
  const fail: GuardDecision = { action: "redirect", to: STAFF_LEAD_FAIL };
  const lead = (by: "id" | "leadId", value: string): GuardDecision => ({
    action: "load-lead",
    lead: { by, value, onFail: "/staff/verification?type=staff" },
  });

  const cases: [string, string, string, Flags, GuardDecision][] = [
    ["home is not guarded", "/staff/home", "", {}, stay],
    ["invoice is not guarded", "/staff/invoice", "", {}, stay],
    ["a customer page is not its business", "/customer/nuForm", "", {}, stay],
    ...[
      "verification",
      "nutritionist_redeem",
      "result?id=NU4K7P2QXM",
      "redeem_center?leadId=NU4K7P2QXM",
      "invoice_qrcode",
      "leads?q=%E9%99%B3&cursor=c1",
    ].flatMap((page): [string, string, string, Flags, GuardDecision][] => [
      [`${page}: no token`, `/staff/${page}`, "", {}, home(`/staff/${page}`)],
      [`${page}: expired token`, `/staff/${page}`, "", expired, home(`/staff/${page}`)],
      [`${page}: undecodable token`, `/staff/${page}`, "", { Token: "garbage" }, home(`/staff/${page}`)],
    ]),
    ["token with exp exactly now is valid", "/staff/verification", "", { Token: token(NOW / 1000) }, stay],
    ["verification, valid token", "/staff/verification", "", valid, stay],
    ["verification with query, valid token", "/staff/verification?type=staff", "", valid, stay],
    ["nutritionist_redeem, valid token", "/staff/nutritionist_redeem", "/staff/result", valid, stay],
    ["invoice_qrcode, valid token", "/staff/invoice_qrcode", "/staff/home", valid, stay],
    // The role is not the guard's: the page refuses non-admins, the API refuses them too.
    ["leads, valid token", "/staff/leads?id=NU4K7P2QXM", "/staff/leads", valid, stay],
    ["lower-case comparison: /STAFF/Verification", "/STAFF/Verification", "", valid, stay],
    [
      "lower-case comparison: no token on /Staff/Invoice_QRCode",
      "/Staff/Invoice_QRCode",
      "",
      {},
      home("/Staff/Invoice_QRCode"),
    ],
    // result: loads the lead by id unless coming from verification
    ["result from verification", "/staff/result?id=NU4K7P2QXM", "/staff/verification", valid, stay],
    [
      "result from verification (with query, other case)",
      "/staff/result?id=NU4K7P2QXM",
      "/Staff/Verification?type=staff",
      valid,
      stay,
    ],
    ["result on a fresh visit", "/staff/result?id=NU4K7P2QXM", "", valid, lead("id", "NU4K7P2QXM")],
    [
      "result from redeem_center",
      "/staff/result?id=NU4K7P2QXM",
      "/staff/redeem_center?leadId=NU4K7P2QXM",
      valid,
      lead("id", "NU4K7P2QXM"),
    ],
    ["result from home", "/STAFF/RESULT?id=NU4K7P2QXM", "/staff/home", valid, lead("id", "NU4K7P2QXM")],
    ["result without an id", "/staff/result", "", valid, fail],
    ["result with an empty id", "/staff/result?id=", "/staff/home", valid, fail],
    ["result with only leadId", "/staff/result?leadId=NU4K7P2QXM", "", valid, fail],
    [
      "result from verification without id stays (no reload)",
      "/staff/result",
      "/staff/verification",
      valid,
      stay,
    ],
    // redeem_center: loads the lead by leadId unless coming from result
    [
      "redeem_center from result",
      "/staff/redeem_center?leadId=NU4K7P2QXM",
      "/staff/result?id=NU4K7P2QXM",
      valid,
      stay,
    ],
    [
      "redeem_center on a fresh visit",
      "/staff/redeem_center?leadId=NU4K7P2QXM",
      "",
      valid,
      lead("leadId", "NU4K7P2QXM"),
    ],
    [
      "redeem_center from verification",
      "/staff/redeem_center?leadId=NU4K7P2QXM",
      "/staff/verification",
      valid,
      lead("leadId", "NU4K7P2QXM"),
    ],
    ["redeem_center without leadId", "/staff/redeem_center", "", valid, fail],
    [
      "redeem_center with id instead of leadId",
      "/staff/redeem_center?id=NU4K7P2QXM",
      "/staff/home",
      valid,
      fail,
    ],
    [
      "redeem_center, trailing slash",
      "/staff/redeem_center/?leadId=NU4K7P2QXM",
      "",
      valid,
      lead("leadId", "NU4K7P2QXM"),
    ],
  ];
  it.each(cases)("%s", (_, path, from, flags, expected) => {
    expect(staffGuard({ path, from, flags, nowMs: NOW })).toEqual(expected);
  });

  it("uses the current time when nowMs is not given", () => {
    expect(
      staffGuard({ path: "/staff/verification", from: "", flags: { Token: token(Date.now() / 1000 + 60) } }),
    ).toEqual(stay);
    expect(
      staffGuard({ path: "/staff/verification", from: "", flags: { Token: token(Date.now() / 1000 - 60) } })
        .action,
    ).toBe("redirect");
  });

  it("keeps the full path (with query) as redirect_url", () => {
    const d = staffGuard({ path: "/staff/result?id=NU4K7P2QXM", from: "", flags: {}, nowMs: NOW });
    expect(d.set).toEqual({ redirect_url: "/staff/result?id=NU4K7P2QXM" });
  });
});
