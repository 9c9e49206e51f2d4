-- Written by hand: search_catalog, the catalog search as a PL/pgSQL function. Its definition lives, whole and current, in
-- repeatable/search_catalog.sql, which runs after the numbered migrations whenever its text changes; this step
-- keeps its place in the sequence and does nothing.
SELECT 1;
