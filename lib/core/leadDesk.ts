/**
 * What the lead desk's calls answer (`/api/admin/...`, docs/lead-desk.md): the server builds these
 * and the desk's pages read them.
 */
import type { Flow, Lead } from "./types.ts";

/** A lead in the desk's list: e-mail and phone masked unless unmasked (audited). */
export type DeskLead = Lead & {
  marketing: boolean;
  /** When the person's data was erased (the lead keeps its id, flow and times): null if not. */
  erased_at: string | null;
};

/** One entry of the consent ledger. */
export interface ConsentEvent {
  id: string;
  purpose: "marketing";
  given: boolean;
  /** sha256 of the wording shown, in the language shown; null before the ledger. */
  wording_hash: string | null;
  lang: string | null;
  channel: "form" | "unsubscribe" | "staff" | "admin" | "migration";
  actor: string;
  at: string;
}

/** One change of a lead: who (null: the customer), which fields, when. */
export interface LeadChange {
  staff_id: string | null;
  fields: string[];
  changed_at: string;
}

/** `GET /api/admin/leads/:id`. */
export interface DeskLeadDetail {
  lead: Lead;
  marketing: boolean;
  erased_at: string | null;
  consents: ConsentEvent[];
  changes: LeadChange[];
}

export interface AuditRecord {
  id: string;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
}

/** One day × flow × partner of the funnel (`partner` null: none, or not known at that step). */
export interface FunnelDay {
  day: string;
  flow: Flow;
  partner: string | null;
  views: number;
  codes_sent: number;
  verified: number;
  leads: number;
  redeemed: number;
}
