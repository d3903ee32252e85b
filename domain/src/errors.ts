/**
 * The one error vocabulary of the product. The API maps a code to its HTTP status here and nowhere else;
 * the web reads `message` (always written for a person) and, for forms, `issues`.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A field-level problem, as forms show it next to the field. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The JSON body of every non-2xx API answer. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  issues?: FieldIssue[];
  [extra: string]: unknown;
}
