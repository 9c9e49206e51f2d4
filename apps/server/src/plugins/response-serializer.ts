import { createRequire } from 'node:module';
import type FastJsonStringify from 'fast-json-stringify';
import type { Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// In production a response is written by a serializer compiled once per route and status from the JSON
// schema of its zod schema (fast-json-stringify): it writes the declared properties and nothing else,
// without checking every value of every response at run time. Outside production each response is still
// checked against its zod schema (a mismatch is a 500 that names it), and the test harness checks every
// answer against the OpenAPI document: the shapes are proved in tests, and production pays only for JSON.

type JsonSchema = { [key: string]: unknown };

/** Validation keywords a serializer has no use for; left in, anyOf branches would be chosen by them. */
const VALIDATION_ONLY = new Set(['pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum']);

/**
 * zod writes a nullable value as anyOf [X, null]; fast-json-stringify would pick the branch by validating
 * each value at run time. A plain `type: [X, 'null']` says the same and compiles to a type check.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || VALIDATION_ONLY.has(key)) continue;
    // Property names are data, not keywords: a property called "format" stays.
    out[key] = key === 'properties' ? simplifyEach(value) : simplify(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch: JsonSchema) => branch.type === 'null');
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string' && other.type !== 'object') {
      const { anyOf: _branches, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

function simplifyEach(properties: unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, simplify(value)]));
}

/** The JSON schema a response is written by: zod's output schema, without validation-only keywords. */
export function serializationSchema(schema: z.ZodType): Schema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return simplify(json) as Schema;
}

export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const { schema } = route;
  // A schema that is not zod keeps the library's handling.
  if (!(schema instanceof z.ZodType)) return validatingSerializerCompiler(route);
  // Compiled at the first answer with this status: compiling every route's every status (errors included)
  // at start-up took about 0.3 s, mostly for answers that are seldom given.
  let serialize: ((data: unknown) => string) | null = null;
  return (data) => (serialize ??= compile(serializationSchema(schema)))(data);
};

// fast-json-stringify (with Ajv, about 110 modules) is required with the first answer to compile, not at
// start-up: a serializer is called synchronously, and the library is CommonJS, so `require` can load it there.
let fastJsonStringify: typeof FastJsonStringify | undefined;
function compile(schema: Schema): (data: unknown) => string {
  fastJsonStringify ??= createRequire(import.meta.url)('fast-json-stringify') as typeof FastJsonStringify;
  return fastJsonStringify(schema);
}

/** Production writes compiled serializers; anything else validates every response against its schema. */
export function responseSerializerCompiler(production: boolean): FastifySerializerCompiler<z.ZodType> {
  return production
    ? compiledSerializerCompiler
    : (validatingSerializerCompiler as FastifySerializerCompiler<z.ZodType>);
}
