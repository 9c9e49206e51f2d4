/** How many of each kind of item the workspace dashboard's recent panels show. */
export const RECENT_LIMIT = 5;
