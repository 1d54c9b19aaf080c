import { readdirSync } from "node:fs";
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = resolve(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("framework-free modules", () => {
  const files = [
    ...modules(resolve(ROOT, "lib/core")),
    ...modules(resolve(ROOT, "lib/state")),
    ...modules(resolve(ROOT, "lib/api")),
    resolve(ROOT, "lib/config.ts"),
  ];

  it("run in Node, with no DOM", () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe("undefined");
    expect(typeof (globalThis as { document?: unknown }).document).toBe("undefined");
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))(
    "%s imports without throwing or touching browser globals",
    async (_, file) => {
      const touched: string[] = [];
      const names = [
        "window",
        "document",
        "localStorage",
        "sessionStorage",
        "location",
        "navigator",
      ] as const;
      const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
      for (const name of names) {
        Object.defineProperty(globalThis, name, {
          configurable: true,
          get() {
            touched.push(name);
            return undefined;
          },
        });
      }
      try {
        await import(`${file}?fresh=${Date.now()}`);
      } finally {
        names.forEach((name, i) => {
          const descriptor = saved[i];
          if (descriptor) Object.defineProperty(globalThis, name, descriptor);
          else delete (globalThis as Record<string, unknown>)[name];
        });
      }
      // @nanostores/persistent probes `typeof localStorage` / `typeof window` once to pick its engine.
      expect(touched.filter((n) => n !== "localStorage" && n !== "window")).toEqual([]);
    },
  );

  it("the core entry re-exports the public names", async () => {
    const core = await import("./index.ts");
    for (const name of [
      "FLAG_KEYS",
      "REGIONS",
      "findDistrict",
      "EMAIL_DOMAINS",
      "suggestEmails",
      "PHONE_CODES",
      "displayDate",
      "calendarRange",
      "checkPassword",
      "checkStaffToken",
      "safeRedirectPath",
      "nuformGuard",
      "recruitmentGuard",
      "staffGuard",
      "maintenanceDecision",
      "mapSuggestion",
      "toAddressEn",
      "t",
      "errorMessage",
      "normaliseLeadRef",
      "newLeadRef",
    ]) {
      expect(core, name).toHaveProperty(name);
    }
  });
});
