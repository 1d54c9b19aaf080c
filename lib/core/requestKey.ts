/**
 * Idempotency keys of the browser's requests: the same request sent again (after a time-out or a
 * lost answer) carries the same key, so the server answers it as it answered the first.
 */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID needs a secure context (a counter PC on plain http has none); getRandomValues not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** One key per request content: content sent again keeps its key, changed content gets a new one. */
export function requestKeys(): (content: string) => string {
  let last: { content: string; key: string } | null = null;
  return (content) => {
    if (last?.content !== content) last = { content, key: newRequestKey() };
    return last.key;
  };
}
