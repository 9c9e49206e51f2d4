import { z } from 'zod';

type Convert = (options: {
  target: string;
  libraryOptions?: Record<string, unknown>;
}) => Record<string, unknown>;

/**
 * A copy of the schema whose JSON Schema is worked out once per target. The SDK converts the called tool's
 * input and output schemas on every tools/call (and every schema on tools/list), and with a server made per
 * request nothing it memoises survives: the conversion was the largest part of an MCP call's own CPU time.
 * Validation is the schema's own. The JSON is frozen, so a caller that changed it would fail loudly.
 */
export function convertedOnce<S extends z.ZodType>(schema: S): S {
  const copy = schema.clone() as S;
  const standard = copy['~standard'];
  const once = (convert: Convert): Convert => {
    const converted = new Map<string, Record<string, unknown>>();
    return (options) => {
      const key = JSON.stringify(options);
      let json = converted.get(key);
      if (!json) {
        json = deepFreeze(convert(options));
        converted.set(key, json);
      }
      return json;
    };
  };
  copy['~standard'] = {
    ...standard,
    jsonSchema: { input: once(standard.jsonSchema.input), output: once(standard.jsonSchema.output) },
  };
  return copy;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * A tool's (or prompt's) arguments. An unknown one is refused, naming the ones the tool takes: stripped
 * silently, a `workspace_id` meant as `workspace` made the tool answer from the caller's default workspace.
 */
export function toolArguments<S extends z.ZodRawShape>(shape: S) {
  const accepted = Object.keys(shape);
  const takes = accepted.length > 0 ? `it takes ${accepted.join(', ')}` : 'it takes none';
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}: ${takes}.`
        : undefined,
  });
}
