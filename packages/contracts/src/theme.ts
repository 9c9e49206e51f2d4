// Without zod, so the web app's first page can import it without loading the schema library.
export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
