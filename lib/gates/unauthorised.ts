/**
 * A 401 from the server: the token was refused (expired, revoked, signed with an old key). Duck
 * typed: the error may come from the element bundle's own copy of the API client.
 */
export function isUnauthorised(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  const code = (error as { code?: unknown } | null)?.code;
  return status === 401 && code !== "INVALID_API_KEY";
}
