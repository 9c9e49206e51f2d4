// PostgreSQL cannot store the NUL character in text or jsonb: a value carrying one fails in the database
// (a 500) unless it is refused at the door. Both HTTP services look for it in everything a client sends.

/** The JSON pointer (e.g. `/body/name`) of the first string or key holding a NUL character, or null. */
export function nulCharacterPointer(value: unknown, pointer: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? pointer : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPointer(item, `${pointer}/${index}`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    // The key as given would carry the NUL into the message; its escaped form names it without it.
    const escaped = key.replaceAll('~', '~0').replaceAll('/', '~1').replaceAll('\u0000', '\\u0000');
    if (key.includes('\u0000')) return `${pointer}/${escaped}`;
    const found = nulCharacterPointer(item, `${pointer}/${escaped}`);
    if (found) return found;
  }
  return null;
}

export const NUL_CHARACTER_DETAIL = 'must not contain the NUL character (\\u0000)';
