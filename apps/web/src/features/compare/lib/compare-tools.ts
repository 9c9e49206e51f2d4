import { MAX_COMPARED } from '@/config/compare';

/** The compared slugs from the page's `?tools=a,b,c`: trimmed, without blanks or repeats, in their order. */
export function parseComparedTools(param: string | null): string[] {
  if (!param) return [];
  const slugs = param
    .split(',')
    .map((slug) => slug.trim())
    .filter((slug) => slug.length > 0);
  return [...new Set(slugs)];
}

/** The list with `slug` added at the end, unless it is already there or the list is full. */
export function withTool(slugs: readonly string[], slug: string): string[] {
  if (slugs.includes(slug) || slugs.length >= MAX_COMPARED) return [...slugs];
  return [...slugs, slug];
}

export function withoutTool(slugs: readonly string[], slug: string): string[] {
  return slugs.filter((other) => other !== slug);
}
