// Without zod, so the web app's first page can import it without loading the schema library.

/** The next page's cursor travels in this response header; it is absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
