/**
 * GET /api/lead is answered from a per-instance cache of whole leads (before masking), dropped
 * per lead by NOTIFY (migration 008). These tests fail if a cached lead is read again from the
 * database, or if any change — a redemption, a customer's change, SQL by hand — is not in the
 * next read. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Lead } from "../../lib/core/types.ts";
import { fileServer } from "./fileServer.ts";
import { customerToken, newLeadBody, queriesDuring, staffToken } from "./harness.ts";

const s = fileServer();
let staff: string;

/** A new customer with a lead of their own. */
async function customerWithLead(email: string): Promise<{ token: string; id: string }> {
  const token = await customerToken(s, email);
  const res = await s.call<Lead>("POST", "/api/lead", { token, body: newLeadBody(email) });
  expect(res.status).toBe(200);
  return { token, id: res.body.Data[0].id };
}

const read = (id: string, token: string, query = "") =>
  s.call<Lead>("GET", `/api/lead?id=${id}${query}`, { token });

beforeAll(async () => {
  staff = await staffToken(s, "S001");
});
describe("lead reads come from a per-instance cache emptied by NOTIFY", () => {
  it("listens for lead changes", () => {
    expect(s.deps.leads.live).toBe(true);
  });

  it("answers a second read of a lead without a query, with the same lead", async () => {
    const { id } = await customerWithLead("cached.read@example.com");
    const first = await read(id, staff);
    expect(first.status).toBe(200);
    let second: Awaited<ReturnType<typeof read>> | undefined;
    const seen = await queriesDuring(s, async () => {
      second = await read(id, staff);
    });
    expect(seen.filter((sql) => /\b(leads|redemptions)\b/.test(sql))).toEqual([]);
    expect(second?.body).toEqual(first.body);
  });

  it("masks per viewer: the cache holds the whole lead, each reader sees only their share", async () => {
    const owner = await customerWithLead("masked.viewer@example.com");
    const other = await customerWithLead("other.viewer@example.com");
    const admin = await staffToken(s, "A001");
    expect((await read(owner.id, staff)).body.Data[0].email).toBe("m***@example.com");
    expect((await read(owner.id, staff, "&full=1")).body.Data[0].email).toBe("m***@example.com");
    expect((await read(owner.id, admin, "&full=1")).body.Data[0].email).toBe("masked.viewer@example.com");
    expect((await read(owner.id, admin)).body.Data[0].phone).toBe("****4567");
    expect((await read(owner.id, owner.token)).body.Data[0].email).toBe("masked.viewer@example.com");
    const foreign = await read(owner.id, other.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.Error).toBe("FORBIDDEN");
  });

  it("a redemption made here is in the very next read", async () => {
    const { id } = await customerWithLead("redeemed.here@example.com");
    await read(id, staff);
    expect((await read(id, staff)).body.Data[0].redemptions).toEqual([]);
    const redeemed = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: id, kind: "member" },
    });
    expect(redeemed.status).toBe(200);
    expect((await read(id, staff)).body.Data[0].redemptions.map((r) => r.kind)).toEqual(["member"]);
    // A redemption refused as a repeat changes nothing and leaves the cache in use.
    const again = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: id, kind: "member" },
    });
    expect(again.status).toBe(409);
    expect((await read(id, staff)).body.Data[0].redemptions).toHaveLength(1);
  });

  it("a customer's change is in the next read, theirs and staff's", async () => {
    const { id, token } = await customerWithLead("changes.self@example.com");
    expect((await read(id, staff)).body.Data[0].first_name).toBe("大文");
    expect((await read(id, token)).body.Data[0].first_name).toBe("大文");
    const patched = await s.call("PATCH", "/api/lead", { token, body: { id, first_name: "小文" } });
    expect(patched.status).toBe(200);
    expect((await read(id, staff)).body.Data[0].first_name).toBe("小文");
    expect((await read(id, token)).body.Data[0].first_name).toBe("小文");
  });

  it("a change made in the database by hand reaches the cache (NOTIFY, a moment after the commit)", async () => {
    const { id } = await customerWithLead("changed.by.hand@example.com");
    await read(id, staff);
    await s.db.query(`UPDATE leads SET details = jsonb_set(details, '{last_name}', '"手改"') WHERE id = $1`, [
      id,
    ]);
    await expect
      .poll(async () => (await read(id, staff)).body.Data[0].last_name, { timeout: 5_000 })
      .toBe("手改");
    await s.db.query(
      "INSERT INTO redemptions (lead_id, kind, staff_id, staff_name) VALUES ($1, 'nutritionist', 'S002', 'SQL')",
      [id],
    );
    await expect
      .poll(async () => (await read(id, staff)).body.Data[0].redemptions.length, { timeout: 5_000 })
      .toBe(1);
    await s.db.query("DELETE FROM redemptions WHERE lead_id = $1", [id]);
    await expect
      .poll(async () => (await read(id, staff)).body.Data[0].redemptions.length, { timeout: 5_000 })
      .toBe(0);
  });

  it("does not keep a read that a change overtook", async () => {
    const { id } = await customerWithLead("raced.read@example.com");
    const other = await customerWithLead("raced.other@example.com");
    const touch = (leadId: string) =>
      s.db.query("UPDATE leads SET updated_at = now() WHERE id = $1", [leadId]);
    const stale = { id, stale: true } as unknown as Lead;
    // While the read runs, the lead is changed by hand and this instance hears it: notifications
    // arrive in commit order, so once a later change of another lead, written through the cache,
    // has been heard, so has this one. The read's answer must not be kept.
    const raced = await s.deps.leads.read(id, async () => {
      await touch(id);
      await s.deps.leads.write(other.id, () => touch(other.id));
      return stale;
    });
    expect(raced).toBe(stale);
    const loads: string[] = [];
    const fresh = await s.deps.leads.read(id, async () => {
      loads.push(id);
      return { id } as unknown as Lead;
    });
    expect(loads).toEqual([id]);
    // Without a change in between, the next read is the cache's.
    expect(await s.deps.leads.read(id, async () => ({ id: "not used" }) as unknown as Lead)).toBe(fresh);
  });

  it("a TRUNCATE drops every lead (its notification has no id)", async () => {
    const { id } = await customerWithLead("truncated@example.com");
    await s.call("POST", "/api/redemptions", { token: staff, body: { lead_id: id, kind: "member" } });
    expect((await read(id, staff)).body.Data[0].redemptions).toHaveLength(1);
    expect(s.deps.leads.size).toBeGreaterThan(1);
    await s.db.query("TRUNCATE redemptions");
    await expect.poll(() => s.deps.leads.size, { timeout: 5_000 }).toBe(0);
    expect((await read(id, staff)).body.Data[0].redemptions).toEqual([]);
  });
});
