import { ERROR_STATUS, type ErrorCode } from "../core/errorCodes.ts";

/** A failed API call: HTTP status (0 for network/time-out), machine code, user-facing message. */
export class ApiError extends Error {
  override readonly name: string = "ApiError";
  readonly status: number;
  readonly code: ErrorCode;
  /** The dotted path of the first bad field (`VALIDATION_FAILED`). */
  readonly field?: string;
  /** `Data` of the error answer (e.g. `[{ id }]` of the existing lead on `LEAD_EXISTS`). */
  readonly data: unknown[];
  /** Seconds to wait before trying again, from the answer's `Retry-After` (429, 423). */
  readonly retryAfterS?: number;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    field?: string;
    data?: unknown[];
    retryAfterS?: number;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.data = init.data ?? [];
    this.retryAfterS = init.retryAfterS;
  }
}

/** A lead or staff lookup that found nothing (Code ≠ 200 or empty Data, docs/rules.md#the-api-contract). */
export class NotFoundError extends ApiError {
  override readonly name: string = "NotFoundError";

  constructor(message: string) {
    super({ status: 404, code: "NOT_FOUND", message });
  }
}

/**
 * Whether the server may have done what was asked although the call failed: no answer (a lost one,
 * a time-out) or a 5xx, which a gateway also sends for a request its server went on to finish.
 */
export function mayHaveBeenDone(error: unknown): boolean {
  const status = (error as Partial<ApiError> | null)?.status ?? 0;
  return status === 0 || status >= 500;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

/** The machine code an HTTP status means when the answer does not name one. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "VALIDATION_FAILED";
    case 401:
      return "UNAUTHENTICATED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 423:
      return "STAFF_LOCKED";
    case 429:
      return "RATE_LIMITED";
    default:
      return "INTERNAL";
  }
}
