import { redactSecrets } from './request-log.ts';

// Errors in the log, bounded. A failed query's error (drizzle's DrizzleQueryError) carries every bind
// parameter in its message, its stack and its `params`: for a bookmark import batch, megabytes of members'
// titles and descriptions on one log line. Logged errors keep their type, code, statement and cause, each
// cut to a few kB, and never the parameter values.
// PostgreSQL's error names the row it refused: `detail` ("Key (via, value)=(email, alice@example.com) already
// exists."), `where`, `hint`, `internalQuery`, and some messages quote the value ('invalid input syntax for
// type uuid: "…"'). Those fields are left out and the values in messages blanked: the SQLSTATE code,
// constraint, table and column say what failed without a member's data.

const FIELD_MAX = 2_000;
const CAUSE_DEPTH = 3;
/** Drizzle appends the values after this line of its message. */
const PARAMS_LINE = '\nparams: ';

/** Fields of a database error that hold row values or statement text built from them. */
const ROW_VALUE_FIELDS = new Set(['detail', 'where', 'hint', 'internalQuery']);
const NOT_LOGGED = '[not logged]';

/** The message or stack without the values PostgreSQL quotes in it, nor credentials. */
function withoutValues(text: string): string {
  return redactSecrets(text)
    .replace(
      /\bKey \(([^)]*)\)=\(.*?\)(?= already exists| is not present| conflicts with|\.|$)/gms,
      `Key ($1)=(${NOT_LOGGED})`,
    )
    .replace(/\bFailing row contains \(.*\)/gm, `Failing row contains (${NOT_LOGGED})`)
    .replace(/: "(?:[^"\\\n]|\\.)*"/g, `: "${NOT_LOGGED}"`);
}

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
  if (!(error instanceof Error))
    return { type: typeof error, message: clip(withoutValues(String(error))), stack: '' };
  const value: ErrorLogValue = {
    type: error.constructor.name,
    message: clip(withoutValues(withoutParams(error.message))),
    stack: clip(withoutValues(withoutParams(error.stack ?? ''))),
  };
  for (const [key, field] of Object.entries(error)) {
    if (key === 'params' || key === 'cause' || key in value || ROW_VALUE_FIELDS.has(key)) continue;
    if (typeof field === 'string') value[key] = clip(withoutValues(field));
    else if (typeof field === 'number' || typeof field === 'boolean') value[key] = field;
  }
  if (error.cause !== undefined && depth < CAUSE_DEPTH) value.cause = describe(error.cause, depth + 1);
  return value;
}
