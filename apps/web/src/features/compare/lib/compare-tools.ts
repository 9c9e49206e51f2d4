import { COMPARE_MAX } from '@stackyard/contracts/compare';

/** The compared slugs from the page's `?tools=a,b,c`, read as the API does: lower case, no blanks or repeats. */
export function parseComparedTools(param: string | null): string[] {
  if (!param) return [];
  const slugs = param
    .split(',')
    .map((slug) => slug.trim().toLowerCase())
    .filter((slug) => slug.length > 0);
  return [...new Set(slugs)];
}

/** The list with `slug` added at the end, unless it is already there or the list is full. */
export function withTool(slugs: readonly string[], slug: string): string[] {
  if (slugs.includes(slug) || slugs.length >= COMPARE_MAX) return [...slugs];
  return [...slugs, slug];
}

export function withoutTool(slugs: readonly string[], slug: string): string[] {
  return slugs.filter((other) => other !== slug);
}
