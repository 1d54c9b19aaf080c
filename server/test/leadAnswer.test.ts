/**
 * The lead the API answers is the one the schemas describe: `Lead` (lib/core/types.ts) is inferred
 * from `leadCreateSchema`, so an answer with a field the schema does not know, or without one it
 * keeps, would be typed wrong in every browser that reads it. And an answer is taken back as it is:
 * a form that sends a lead's fields again (a resumed enrolment, a staff correction) is never refused
 * for the server's own writing.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { leadCreateSchema, leadPatchSchema } from "../../lib/core/schemas.ts";
import type { Lead } from "../../lib/core/types.ts";
import { DEMO_LEADS } from "../db/seed.ts";
import { fileServer } from "./fileServer.ts";
import { customerToken, newLeadBody, staffToken } from "./harness.ts";

const s = fileServer();

/** The answer's own fields, beside what the schema keeps: the server's id, redemptions and times. */
const SERVER_FIELDS = ["id", "redemptions", "created_at", "updated_at"];
/** `page_url` is where the create was sent from (the confirmation mail's link), not part of the lead. */
const schemaFields = Object.keys(leadCreateSchema.pipe[0].entries).filter((field) => field !== "page_url");

/** A demo customer's Hong Kong address (the seed's), with the recruitment form's own choices. */
const { address, address_en } = DEMO_LEADS[0].details;
const details = {
  residence: "HK",
  address,
  address_en,
  tnc: "TnCPartnership",
  partner: "ABC",
  clinic_id: "C02",
  baby: { status: "expecting", date: "31/01/2027", hospital_type: "Private", hospital_id: "3" },
};

async function answered(email: string, body: Record<string, unknown>) {
  const token = await customerToken(s, email, "recruitment");
  const created = await s.call<Lead>("POST", "/api/lead", { token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.Data[0].id;
  const read = await s.call<Lead>("GET", `/api/lead?id=${id}`, { token });
  expect(read.status).toBe(200);
  return { token, created: created.body.Data[0], read: read.body.Data[0] };
}

describe("a lead as the API answers it", () => {
  it("has exactly the schema's fields and the server's own, every detail present", async () => {
    const full = await answered("answer.full@example.com", {
      ...newLeadBody("answer.full@example.com", "recruitment"),
      ...details,
    });
    const bare = await answered(
      "answer.bare@example.com",
      newLeadBody("answer.bare@example.com", "recruitment"),
    );
    const staff = await s.call<Lead>("GET", `/api/lead?id=${full.read.id}&full=1`, {
      token: await staffToken(s, "S001"),
    });
    const expected = [...schemaFields, ...SERVER_FIELDS].sort();
    for (const lead of [full.created, full.read, bare.created, bare.read, staff.body.Data[0]]) {
      expect(Object.keys(lead).sort()).toEqual(expected);
    }
    // What was never given is null, not missing: the type says `T | null`.
    expect(bare.read).toMatchObject({ address: null, address_en: null, baby: null, clinic_id: null });
    // Values in the schema's own output form (the date and hospital as stored, the step's name as its kind).
    expect(full.read.baby).toEqual({
      status: "expecting",
      date: "2027-01-31",
      hospital_type: "Private",
      hospital_id: 3,
    });
    expect(full.read.tnc).toBe("partnership");
  });

  it("is taken back by the create and the change schemas as it is, and a PATCH of it changes nothing", async () => {
    const { token, read } = await answered("answer.again@example.com", {
      ...newLeadBody("answer.again@example.com", "recruitment"),
      ...details,
    });
    const { id, redemptions: _r, created_at: _c, updated_at: _u, ...fields } = read;
    const asCreate = v.safeParse(leadCreateSchema, fields);
    expect(asCreate.issues?.map((issue) => v.getDotPath(issue))).toBeUndefined();
    expect(asCreate.output).toEqual(fields);
    const { flow: _f, email: _e, ...changeable } = fields;
    const patch = await s.call<Lead>("PATCH", "/api/lead", { token, body: { id, ...changeable } });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const { updated_at: _before, consents: consentsBefore, ...before } = read;
    const { updated_at: _after, consents: consentsAfter, ...after } = patch.body.Data[0];
    expect(after).toEqual(before);
    // The consents are recorded again on a change (when and on which versions), with the same choices.
    expect({ ...consentsAfter, accepted_at: "" }).toEqual({ ...consentsBefore, accepted_at: "" });
    expect(v.safeParse(leadPatchSchema, { id, ...changeable }).success).toBe(true);
  });
});
