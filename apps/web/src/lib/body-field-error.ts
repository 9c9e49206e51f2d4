import { ApiError } from './api-client';

// Apart from api-client, which every page loads: only the forms that show the API's field errors need it.
/** The API's message for one field of the request body (a 400's errors), if it named that field. */
export function bodyFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.problem?.errors?.find((item) => item.pointer === `/body/${field}`)?.detail;
}
