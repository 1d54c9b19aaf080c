/**
 * The customer code's ticket of this browser tab (docs/api.md "What a stranger can do"): made
 * here, sent with the code request and again with the code, so only this tab can use the code.
 * One per e-mail and flow, kept in sessionStorage so a reload between the two keeps it.
 */
import type { Flow } from "../core/types.ts";

const STORE_KEY = "nu_email_code_ticket";
const inMemory = new Map<string, string>();

function stored(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? "{}") as Record<string, string>;
  } catch {
    return {};
  }
}

function newTicket(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function codeTicketFor(email: string, flow: Flow): string {
  const key = `${flow}\n${email.trim().toLowerCase()}`;
  const known = inMemory.get(key) ?? stored()[key];
  if (known) return known;
  const ticket = newTicket();
  inMemory.set(key, ticket);
  try {
    // Only the newest e-mail's ticket is kept: the tab signs in one person at a time.
    sessionStorage.setItem(STORE_KEY, JSON.stringify({ [key]: ticket }));
  } catch {
    // Storage refused (private mode, a sandboxed frame): the ticket lives as long as the page.
  }
  return ticket;
}
