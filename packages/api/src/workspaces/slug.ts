import { SLUG_MAX, SLUG_MIN } from '@stackyard/contracts/workspace';

/** A slug from a workspace name: "Café Tools!" → "cafe-tools". Always a valid slug. */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  if (base.length >= SLUG_MIN) return base;
  return base ? `${base}-workspace` : 'workspace';
}

/** `base`, or `base-2`, `base-3`… (cut to fit 63 characters): the first one not in `used`. */
export function uniqueSlug(base: string, used: ReadonlySet<string>): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
