import { describe, expect, it } from "vitest";
import { filterQuery, placeQuery, readPlace } from "./deskQuery.ts";
import { conversion, sumFunnel } from "./funnel.ts";

describe("the desk's place in the query", () => {
  it("reads the list with its filters and the cursors walked through, and writes it back the same", () => {
    const query = "q=%E9%99%B3&flow=nuform&marketing=true&cursor=c1&cursor=c2&junk=1";
    const place = readPlace(query);
    expect(place).toEqual({
      view: "leads",
      filters: { q: "陳", flow: "nuform", marketing: "true" },
      cursors: ["c1", "c2"],
      id: undefined,
    });
    expect(new URLSearchParams(placeQuery(place)).toString()).toBe(
      "q=%E9%99%B3&flow=nuform&marketing=true&cursor=c1&cursor=c2",
    );
    // 上一頁 drops the last cursor; the filters stay.
    const back = { ...place, cursors: place.cursors.slice(0, -1) };
    expect(new URLSearchParams(placeQuery(back)).get("cursor")).toBe("c1");
  });

  it("opens a lead by id (keeping the list's place for the way back) and only the known panels", () => {
    expect(readPlace("id=NU1234567A&q=x").view).toBe("lead");
    expect(placeQuery(readPlace("id=NU1234567A&q=x"))).toEqual([
      ["id", "NU1234567A"],
      ["q", "x"],
    ]);
    expect(readPlace("tab=audit").view).toBe("audit");
    expect(readPlace("tab=../../admin").view).toBe("leads");
  });

  it("sends only the filters that are set, with what a call adds", () => {
    expect(
      filterQuery({ q: " ", flow: "recruitment", to: "2026-12-07" }, { lang: "en", cursor: undefined }),
    ).toBe("q=+&flow=recruitment&to=2026-12-07&lang=en");
  });
});

describe("the funnel's sums", () => {
  it("adds the rows of each day (flows and partners) and gives each step's share of the step before", () => {
    const row = (day: string, codes: number, verified: number, leads: number, redeemed: number) => ({
      day,
      flow: "nuform" as const,
      partner: null,
      views: 0,
      codes_sent: codes,
      verified,
      leads,
      redeemed,
    });
    const { days, total } = sumFunnel([
      row("2026-12-02", 4, 2, 1, 0),
      row("2026-12-01", 10, 8, 6, 3),
      row("2026-12-02", 4, 4, 3, 1),
    ]);
    expect(days.map((d) => d.day)).toEqual(["2026-12-01", "2026-12-02"]);
    expect(days[1].counts).toEqual({ codes_sent: 8, verified: 6, leads: 4, redeemed: 1 });
    expect(total).toEqual({ codes_sent: 18, verified: 14, leads: 10, redeemed: 4 });
    expect(conversion(total, "verified")).toBe("77.8%");
    expect(conversion(total, "codes_sent")).toBe("");
    expect(conversion({ codes_sent: 0, verified: 0, leads: 0, redeemed: 0 }, "verified")).toBe("—");
  });
});
