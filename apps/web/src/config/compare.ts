/** The compare endpoint takes 2 to 6 tools; the page offers the picker until there are two. */
export const MIN_COMPARED = 2;
export const MAX_COMPARED = 6;
