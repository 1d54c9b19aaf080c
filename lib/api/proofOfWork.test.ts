import { createHash } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { describe, expect, it } from "vitest";
import { sha256, solveChallenge } from "./proofOfWork.ts";

describe("the form's proof-of-work solver", () => {
  it("hashes like node:crypto, across one and two blocks", () => {
    for (const text of [
      "",
      "abc",
      "a".repeat(55),
      "b".repeat(56),
      "c".repeat(64),
      "salt?expires=1&e=x&m=25000&12345",
    ]) {
      const bytes = new Uint8Array(256);
      const encoded = new TextEncoder().encode(text);
      bytes.set(encoded);
      const out = new Uint32Array(8);
      sha256(bytes, encoded.length, out);
      const hex = [...out].map((word) => word.toString(16).padStart(8, "0")).join("");
      expect(hex).toBe(createHash("sha256").update(text).digest("hex"));
    }
  });

  it("solves a challenge altcha-lib makes, and altcha-lib accepts the answer", async () => {
    const challenge = await createChallenge({
      hmacKey: "k",
      maxnumber: 20_000,
      params: { e: "x", m: "20000" },
    });
    const payload = await solveChallenge({ ...challenge, maxnumber: 20_000 });
    expect(payload).not.toBeNull();
    expect(await verifySolution(payload as string, "k")).toBe(true);
  });
});
