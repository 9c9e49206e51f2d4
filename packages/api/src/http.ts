import { problemSchema } from '@stackyard/contracts/problem';

// Problem responses a route can give, declared so they appear in the OpenAPI document and are checked.
export const invalid = { 400: problemSchema } as const;
export const unauthenticated = { 401: problemSchema } as const;
export const forbidden = { 403: problemSchema } as const;
export const notFound = { 404: problemSchema } as const;
export const conflict = { 409: problemSchema } as const;
export const tooLarge = { 413: problemSchema, 415: problemSchema } as const;
export const unprocessable = { 422: problemSchema } as const;
export const failed = { 500: problemSchema, 503: problemSchema } as const;

/** Every authenticated route can answer these (403: a read-only access token on a writing route). */
export const always = { ...invalid, ...unauthenticated, ...forbidden, ...failed } as const;
