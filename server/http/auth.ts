/** Who is calling: the Bearer token of a request, checked, and the role a route needs. */
import type { Context } from "hono";
import type { Principal } from "../auth/tokens.ts";
import type { Deps } from "../deps.ts";
import { findStaff, type StaffRow } from "../services/staff.ts";
import { ApiFailure } from "./envelope.ts";

export type CustomerPrincipal = Extract<Principal, { kind: "customer" }>;

/** The caller's principal, or null when the request has no Authorization header. */
export async function principalOf(c: Context, deps: Deps): Promise<Principal | null> {
  const header = c.req.header("authorization");
  if (header === undefined || header === "") return null;
  const match = /^Bearer ([A-Za-z0-9_\-.]{1,4096})$/.exec(header);
  if (!match) throw new ApiFailure("UNAUTHENTICATED");
  return deps.tokens.verify(match[1]);
}

export async function requireCustomer(c: Context, deps: Deps): Promise<CustomerPrincipal> {
  const principal = await principalOf(c, deps);
  if (!principal) throw new ApiFailure("UNAUTHENTICATED");
  if (principal.kind !== "customer") throw new ApiFailure("FORBIDDEN");
  return principal;
}

/**
 * A valid staff token of a staff member who still exists, with the role as the database has it
 * now: the row is remembered per instance and dropped on any change to `staff` (migration 007),
 * everywhere, like a revoked session.
 */
export async function requireStaff(c: Context, deps: Deps, role?: "admin"): Promise<StaffRow> {
  const principal = await principalOf(c, deps);
  if (!principal) throw new ApiFailure("UNAUTHENTICATED");
  return staffFromPrincipal(principal, deps, role);
}

export async function staffFromPrincipal(
  principal: Principal,
  deps: Deps,
  role?: "admin",
): Promise<StaffRow> {
  if (principal.kind !== "staff") throw new ApiFailure("FORBIDDEN");
  const staff = await deps.sessions.remember(`staff:${principal.staffId}`, () =>
    findStaff(deps.db, principal.staffId),
  );
  if (!staff) throw new ApiFailure("UNAUTHENTICATED");
  if (role && staff.role !== role) throw new ApiFailure("FORBIDDEN");
  return staff;
}
