// Checks on everything a client sends, made once at the door of both HTTP services, before any schema or SQL:
// - PostgreSQL cannot store the NUL character in text or jsonb, nor a lone UTF-16 surrogate in jsonb (and a
//   text column would silently get U+FFFD in its place): a value carrying one would fail in the database (a
//   500) or change on the way in.
// - JSON.parse builds values nested thousands of levels deep; a recursive walk over them (this one, zod's,
//   a serializer's) overflows the stack. The walk here is iterative and stops at the first level too deep.

/** How deeply objects and arrays may nest in a request; no request of either API needs more than a few. */
export const MAX_INPUT_DEPTH = 32;

export const NUL_CHARACTER_DETAIL = 'must not contain the NUL character (\\u0000)';
export const LONE_SURROGATE_DETAIL =
  'must not contain a lone UTF-16 surrogate (\\ud800 to \\udfff without its pair)';
export const TOO_DEEP_DETAIL = `must not nest objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`;

export interface TextInputProblem {
  /** The JSON pointer (e.g. `/body/name`) of the value or key at fault. */
  pointer: string;
  detail: string;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

function textDetail(text: string): string | null {
  if (text.includes('\u0000')) return NUL_CHARACTER_DETAIL;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_DETAIL;
  return null;
}

/** Escaped for a JSON pointer, and printable: a key's NUL or lone surrogate is named, never carried on. */
function pointerKey(key: string): string {
  return key
    .replaceAll('~', '~0')
    .replaceAll('/', '~1')
    .replaceAll('\u0000', '\\u0000')
    .replace(LONE_SURROGATES, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`);
}

/** The first string, key or level of `value` (in document order) that no service may take, or null. */
export function textInputProblem(value: unknown, pointer: string): TextInputProblem | null {
  const pending: { key: string | null; value: unknown; pointer: string; depth: number }[] = [
    { key: null, value, pointer, depth: 0 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const keyDetail = next.key === null ? null : textDetail(next.key);
    if (keyDetail) return { pointer: next.pointer, detail: keyDetail };
    if (typeof next.value === 'string') {
      const detail = textDetail(next.value);
      if (detail) return { pointer: next.pointer, detail };
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= MAX_INPUT_DEPTH) return { pointer: next.pointer, detail: TOO_DEEP_DETAIL };
    const entries: [string, unknown][] = Array.isArray(next.value)
      ? next.value.map((item: unknown, index) => [String(index), item])
      : Object.entries(next.value);
    // Last in, first out: pushed from the end, the first entry is looked at first.
    for (const [key, item] of entries.reverse()) {
      pending.push({
        key,
        value: item,
        pointer: `${next.pointer}/${pointerKey(key)}`,
        depth: next.depth + 1,
      });
    }
  }
  return null;
}

export const INVALID_UTF8_DETAIL = 'must be valid UTF-8';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text, or null when they are not UTF-8: a lenient decoder would put U+FFFD in their place. */
export function utf8Text(bytes: Uint8Array | string): string | null {
  // Fastify types a parser's body as either; parsed as a buffer, it is the bytes.
  if (typeof bytes === 'string') return bytes;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}
