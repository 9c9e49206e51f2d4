import { SLUG_MAX } from './workspace.ts';

// Workspace, project and tool slugs are made from names the same way: lowercase ASCII letters, digits and
// single dashes, at most SLUG_MAX characters.

/**
 * "Café Tools!" → "cafe-tools": accents dropped, every run of other characters one dash, cut to SLUG_MAX.
 * A name with no letters or digits gives `fallback`.
 */
export function slugify(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** `base-<suffix>`, `base` cut so that the whole still fits SLUG_MAX. */
export function suffixedSlug(base: string, suffix: string | number): string {
  const tail = `-${suffix}`;
  return `${base.slice(0, SLUG_MAX - tail.length).replace(/-+$/, '')}${tail}`;
}

/** `base`, or `base-2`, `base-3`…: the first one not in `used`. */
export function uniqueSlug(base: string, used: ReadonlySet<string>): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = suffixedSlug(base, n);
    if (!used.has(candidate)) return candidate;
  }
}
