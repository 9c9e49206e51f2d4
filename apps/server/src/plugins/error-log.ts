// Errors in the log, bounded. A failed query's error (drizzle's DrizzleQueryError) carries every bind
// parameter in its message, its stack and its `params`: for a bookmark import batch, megabytes of members'
// titles and descriptions on one log line. Logged errors keep their type, code, statement, database details
// and cause, each cut to a few kB, and never the parameter values.

const FIELD_MAX = 2_000;
const CAUSE_DEPTH = 3;
/** Drizzle appends the values after this line of its message. */
const PARAMS_LINE = '\nparams: ';

function clip(text: string): string {
  return text.length > FIELD_MAX ? `${text.slice(0, FIELD_MAX)}… [${text.length - FIELD_MAX} more]` : text;
}

function withoutParams(text: string): string {
  const start = text.indexOf(PARAMS_LINE);
  if (start < 0) return text;
  // In a stack the call sites follow the message: keep them.
  const frames = text.indexOf('\n    at ', start);
  return `${text.slice(0, start)}${PARAMS_LINE}[not logged]${frames < 0 ? '' : text.slice(frames)}`;
}

export interface ErrorLogValue {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** pino's `err` serializer, bounded: every string field clipped, `params` left out, causes followed a few deep. */
export function errorLogValue(error: Error): ErrorLogValue {
  return describe(error, 0);
}

function describe(error: unknown, depth: number): ErrorLogValue {
  // Whatever a caller logged under `err`, it is an Error at run time only by convention.
  if (!(error instanceof Error)) return { type: typeof error, message: clip(String(error)), stack: '' };
  const value: ErrorLogValue = {
    type: error.constructor.name,
    message: clip(withoutParams(error.message)),
    stack: clip(withoutParams(error.stack ?? '')),
  };
  for (const [key, field] of Object.entries(error)) {
    if (key === 'params' || key === 'cause' || key in value) continue;
    if (typeof field === 'string') value[key] = clip(field);
    else if (typeof field === 'number' || typeof field === 'boolean') value[key] = field;
  }
  if (error.cause !== undefined && depth < CAUSE_DEPTH) value.cause = describe(error.cause, depth + 1);
  return value;
}
