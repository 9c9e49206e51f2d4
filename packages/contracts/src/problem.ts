import { z } from 'zod';

/** RFC 9457 problem details, the body of every error the product API answers. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  /** Machine-readable reason, one of the error codes below. */
  code: z.string().optional(),
  /** Field errors of a 400: where (a JSON pointer into the request part) and what is wrong. */
  errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
  /** The request id, also in the x-request-id header and in the server's log lines. */
  request_id: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** Domain error codes and the HTTP status each maps to. Services throw them; the API maps them. */
export const errorStatus = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/** A failure a user can act on, independent of transport: the detail is shown to them as it is. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;

  constructor(code: ErrorCode, detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = 'AppError';
    this.code = code;
    this.detail = detail;
  }
}
