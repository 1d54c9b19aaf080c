/**
 * Machine error codes of the HTTP API (`Error` in the `{Code, Message, Data, Error}` envelope)
 * with the HTTP status each one is answered with. Server and client both read this table;
 * the Chinese and English texts live in the message catalogues under `errors.<CODE>`.
 */
export const ERROR_STATUS = {
  INVALID_API_KEY: 401,
  VALIDATION_FAILED: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  SESSION_ENDED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  CHALLENGE_REQUIRED: 428,
  CHALLENGE_INVALID: 400,
  CHALLENGE_EXPIRED: 400,
  CHALLENGE_USED: 400,
  INVALID_CREDENTIALS: 401,
  STAFF_LOCKED: 423,
  OTP_REQUIRED: 401,
  ALREADY_REDEEMED: 409,
  LEAD_EXISTS: 409,
  IDEMPOTENCY_CONFLICT: 409,
  INVOICE_EXISTS: 409,
  ORIGIN_NOT_ALLOWED: 403,
  DEV_OUTBOX_DISABLED: 404,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  NETWORK: 0,
  TIMEOUT: 0,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
