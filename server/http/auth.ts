/** Who is calling: the Bearer token of a request, checked, and the role a route needs. */
import type { Context } from "hono";
import type { ReadMark } from "../auth/sessions.ts";
import type { Principal, UncheckedToken } from "../auth/tokens.ts";
import type { Deps } from "../deps.ts";
import { findStaff, type StaffRow } from "../services/staff.ts";
import { type AppEnv, header as headerOf } from "./env.ts";
import { ApiFailure } from "./envelope.ts";

export type CustomerPrincipal = Extract<Principal, { kind: "customer" }>;

/** The request's Bearer token, or null when it has no Authorization header. */
function bearerToken(c: Context): string | null {
  const header = headerOf(c as Context<AppEnv>, "authorization");
  if (header === undefined || header === "") return null;
  // The scheme is case-insensitive (RFC 9110 §11.1): `bearer …` is the same header.
  const match = /^Bearer ([A-Za-z0-9_\-.]{1,4096})$/i.exec(header);
  if (!match) throw new ApiFailure("UNAUTHENTICATED");
  return match[1];
}

/** The caller's principal, or null when the request has no Authorization header. */
export async function principalOf(c: Context, deps: Deps): Promise<Principal | null> {
  const token = bearerToken(c);
  return token === null ? null : deps.tokens.verify(token);
}

/** A customer session the caller's own write statement checks (sessions.ts `cached`/`accept`). */
/** Who writes, from a customer token: `subject` is the HMAC of the e-mail that sessions name. */
export type CustomerWriter = Pick<
  Extract<UncheckedToken, { kind: "customer" }>,
  "email" | "flow" | "subject"
>;

export interface PendingSession {
  sid: string;
  subject: string;
  mark: ReadMark;
}

/**
 * A customer for a write that can check the session in its own statement: the session is
 * checked here when this instance has it cached; otherwise it comes back as `pending`, and the
 * write must read and check it in the same statement (one round trip, not two) and `accept` it.
 */
export async function customerForWrite(
  c: Context,
  deps: Deps,
): Promise<{ customer: CustomerWriter; pending?: PendingSession }> {
  const token = bearerToken(c);
  if (token === null) throw new ApiFailure("UNAUTHENTICATED");
  const claims = deps.tokens.unchecked(token);
  if (claims.kind !== "customer") {
    await deps.sessions.check(claims.sid, claims.kind, claims.subject);
    throw new ApiFailure("FORBIDDEN");
  }
  const customer = { email: claims.email, flow: claims.flow, subject: claims.subject };
  const mark = deps.sessions.mark();
  if (await deps.sessions.cached(claims.sid, "customer", claims.subject)) return { customer };
  return { customer, pending: { sid: claims.sid, subject: claims.subject, mark } };
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
