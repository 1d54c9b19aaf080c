import { afterEach, describe, expect, it } from "vitest";
import {
  CONFIG_META_NAMES,
  configure,
  currentPage,
  learnFromServer,
  type PageContext,
  resetConfig,
  resolveConfig,
} from "./config.ts";

/** A page with the given origin and `<meta name content>` tags. */
const page = (origin: string, metas: Record<string, string> = {}): PageContext => ({
  origin,
  meta: (name) => metas[name],
});

afterEach(() => resetConfig());

describe("resolveConfig", () => {
  it("takes the address lookup the API server named over the default, but not over the page's own", () => {
    learnFromServer({ alsUrl: "http://127.0.0.1:8182/lookup" });
    const brand = page("https://brand.example");
    expect(resolveConfig({}, brand).alsUrl).toBe("http://127.0.0.1:8182/lookup");
    const own = page("https://brand.example", { "nu-forms:als-url": "https://als.brand.example/lookup" });
    expect(resolveConfig({}, own).alsUrl).toBe("https://als.brand.example/lookup");
    expect(resolveConfig({ alsUrl: "/als" }, brand).alsUrl).toBe("/als");
  });

  it("defaults: /api on the page's origin, the government ALS, /api/maintenance, /maintenance", () => {
    expect(resolveConfig({}, page("https://brand.example"))).toEqual({
      apiBase: "https://brand.example/api",
      apiKey: "",
      alsUrl: "https://www.als.gov.hk/lookup",
      maintenanceUrl: "/api/maintenance",
      maintenancePageUrl: "/maintenance",
    });
  });

  it("the maintenance record and page follow an api-base on another origin (the API's server has them)", () => {
    const brand = page("https://brand.example");
    expect(resolveConfig({ apiBase: "https://forms.example/api/" }, brand)).toMatchObject({
      maintenanceUrl: "https://forms.example/api/maintenance",
      maintenancePageUrl: "https://forms.example/maintenance",
    });
    expect(
      resolveConfig({}, page("https://brand.example", { "nu-forms:api-base": "/forms-api" })),
    ).toMatchObject({
      maintenanceUrl: "/forms-api/maintenance",
      maintenancePageUrl: "/maintenance",
    });
    expect(resolveConfig({ apiBase: "https://brand.example/api" }, brand)).toMatchObject({
      maintenanceUrl: "https://brand.example/api/maintenance",
      maintenancePageUrl: "/maintenance",
    });
    // Set explicitly, they win over the API's.
    configure({ maintenancePageUrl: "https://status.brand.example/" });
    expect(resolveConfig({ apiBase: "https://forms.example/api" }, brand).maintenancePageUrl).toBe(
      "https://status.brand.example/",
    );
  });

  it("in Node (no document, no location) uses the relative defaults and does not throw", () => {
    expect(currentPage().origin).toBe("");
    expect(currentPage().meta("nu-forms:api-base")).toBeUndefined();
    expect(resolveConfig().apiBase).toBe("/api");
  });

  it("reads every value from <meta name=nu-forms:…> tags", () => {
    const metas = {
      "nu-forms:api-base": "https://api.example/api",
      "nu-forms:api-key": "meta-key",
      "nu-forms:als-url": "http://127.0.0.1:9999/lookup",
      "nu-forms:maintenance-url": "https://status.example/record",
      "nu-forms:maintenance-page-url": "https://status.example/page",
    };
    expect(Object.values(CONFIG_META_NAMES).sort()).toEqual(Object.keys(metas).sort());
    expect(resolveConfig({}, page("https://brand.example", metas))).toEqual({
      apiBase: "https://api.example/api",
      apiKey: "meta-key",
      alsUrl: "http://127.0.0.1:9999/lookup",
      maintenanceUrl: "https://status.example/record",
      maintenancePageUrl: "https://status.example/page",
    });
  });

  it("ranks attribute > configure() > meta > default, value by value", () => {
    const p = page("https://brand.example", {
      "nu-forms:api-key": "meta-key",
      "nu-forms:api-base": "/meta-api",
    });
    configure({ apiKey: "configured-key", alsUrl: "https://als.configured/lookup" });
    expect(resolveConfig({ apiKey: "attr-key" }, p)).toMatchObject({
      apiKey: "attr-key",
      apiBase: "/meta-api",
      alsUrl: "https://als.configured/lookup",
      maintenancePageUrl: "/maintenance",
    });
    expect(resolveConfig({}, p).apiKey).toBe("configured-key");
    resetConfig();
    expect(resolveConfig({}, p).apiKey).toBe("meta-key");
  });

  it("treats empty, blank, null and undefined values as not given", () => {
    configure({ apiKey: "configured-key" });
    expect(resolveConfig({ apiKey: "" }, page("")).apiKey).toBe("configured-key");
    expect(resolveConfig({ apiKey: "  " }, page("")).apiKey).toBe("configured-key");
    expect(resolveConfig({ apiKey: null }, page("")).apiKey).toBe("configured-key");
    expect(resolveConfig({ apiKey: undefined }, page("")).apiKey).toBe("configured-key");
    expect(resolveConfig({}, page("", { "nu-forms:api-base": "" })).apiBase).toBe("/api");
  });

  it("merges configure() calls", () => {
    configure({ apiKey: "k" });
    configure({ alsUrl: "https://als.example/lookup" });
    expect(resolveConfig({}, page(""))).toMatchObject({ apiKey: "k", alsUrl: "https://als.example/lookup" });
  });
});
