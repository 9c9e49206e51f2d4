-- The catalog search (packages/api/src/search/search.repo.ts calls it), kept whole in this one file: it runs
-- after the numbered migrations whenever its text changes (packages/db/src/repeatable.ts), so a change to the
-- search is a diff of this file, not another migration repeating the function.
--
-- A PL/pgSQL function, so that each connection plans its statement once and keeps the plan, on PostgreSQL as
-- on PGlite (whose one connection cannot hold a named prepared statement for Drizzle): planning this statement
-- took about a third of a search's time. p_prefix, when not null, is the last word of the text (letters and
-- digits only), matched as a prefix too; p_text is then the text before it.
--
-- Tools, resources, projects and comments of one workspace matching the text (web-search syntax). Each kind's
-- branch keeps its best p_limit rows by rank (how it finds its matches is below); titles, texts and what a
-- comment is on are joined for those rows alone. A tool, resource or project whose name starts with what was
-- typed answers before every other hit (a comment that repeats the word ranks higher by ts_rank alone); hits
-- are titled by name: a tool by its name (its slug when it has none) as its workspace sees it — the
-- workspace's own name, description and icon while the field is in edited_fields, else the global tool's, as
-- the search vector does — and a comment by the name of what it is on.
--
-- A resource is also found by its readable copy (resource_copies), only where its own fields did not match: a
-- resource found by its title or description keeps that hit. Matches only in a copy come after every other
-- match, and their snippet is cut from the copy's text, read for the page of results only. Snippets are made
-- for the final rows only (ts_headline reads the whole text); match marks are U+E000 and U+E001, removed from
-- the text beforehand with angle brackets, which become spaces as when the search vectors were made.
--
-- One plan, kept for every call (plan_cache_mode), whatever the workspace: planning the statement for each call
-- cost about two milliseconds, more than a search of a small workspace. A plan kept for any workspace cannot
-- tell a large workspace from a small one, so each kind is read one of two ways, chosen per call by counting
-- the workspace's items of that kind up to `few` (1,000):
-- - fewer: all of them through the table's workspace index, each tested against the query (`IS TRUE` keeps
--   the search index out of it). A search index lists the word's items in every workspace: for a word in many
--   items, reading that list took milliseconds where a small workspace's own items take a fraction of one.
-- - more: through the table's search index, which holds the workspace as text beside the vector (migration
--   0038), so it is the only index that answers that condition: the kept plan cannot read a large workspace's
--   items through its workspace index, as it did when the index's key was the uuid (40 ms for a word matching
--   nothing among about 10,000 workspaces).
CREATE OR REPLACE FUNCTION "search_catalog"(p_workspace uuid, p_text text, p_prefix text, p_limit integer)
RETURNS TABLE (
	kind text, id uuid, title text, slug text, rank float8,
	target_kind text, target_id uuid, target_slug text, icon_media text, snippet text
) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
	few CONSTANT integer := 1000;
	few_tools boolean;
	few_resources boolean;
	few_copies boolean;
	few_projects boolean;
	few_comments boolean;
BEGIN
	SELECT
		(SELECT count(*) FROM (SELECT FROM workspace_tools x WHERE x.workspace_id = p_workspace LIMIT few) s) < few,
		(SELECT count(*) FROM (SELECT FROM resources x WHERE x.workspace_id = p_workspace LIMIT few) s) < few,
		(SELECT count(*) FROM (SELECT FROM resource_copies x WHERE x.workspace_id = p_workspace LIMIT few) s) < few,
		(SELECT count(*) FROM (SELECT FROM projects x WHERE x.workspace_id = p_workspace LIMIT few) s) < few,
		(SELECT count(*) FROM (SELECT FROM comments x WHERE x.workspace_id = p_workspace LIMIT few) s) < few
		INTO few_tools, few_resources, few_copies, few_projects, few_comments;
	RETURN QUERY
	WITH q AS (
		-- A text of one word is only its prefix: an empty text would cost a notice (no lexemes) each time.
		SELECT CASE WHEN p_prefix IS NULL THEN websearch_to_tsquery('english'::regconfig, p_text)
			WHEN btrim(p_text) = '' THEN to_tsquery('english'::regconfig, p_prefix || ':*')
			ELSE websearch_to_tsquery('english'::regconfig, p_text)
				&& to_tsquery('english'::regconfig, p_prefix || ':*') END AS query,
			-- What was typed, in lower case with single spaces (the API splits off the last word as p_prefix).
			lower(regexp_replace(btrim(concat_ws(' ', p_text, p_prefix)), '\s+', ' ', 'g')) AS typed
	),
	-- Each kind both ways, as one kept plan needs both access paths; it runs only the one its few_ variable
	-- chooses (a one-time filter).
	hits AS (
		(SELECT 'tool' AS kind, wt.id, ts_rank(wt.search, q.query) AS rank, false AS in_copy
			FROM workspace_tools wt, q
			WHERE few_tools AND wt.workspace_id = p_workspace AND (wt.search @@ q.query) IS TRUE
			ORDER BY 3 DESC, wt.id LIMIT p_limit)
		UNION ALL
		(SELECT 'tool', wt.id, ts_rank(wt.search, q.query), false
			FROM workspace_tools wt, q
			WHERE NOT few_tools AND wt.workspace_id::text = p_workspace::text AND wt.search @@ q.query
			ORDER BY 3 DESC, wt.id LIMIT p_limit)
		UNION ALL
		(SELECT 'resource', r.id, ts_rank(r.search, q.query), false
			FROM resources r, q
			WHERE few_resources AND r.workspace_id = p_workspace AND (r.search @@ q.query) IS TRUE
			ORDER BY 3 DESC, r.id LIMIT p_limit)
		UNION ALL
		(SELECT 'resource', r.id, ts_rank(r.search, q.query), false
			FROM resources r, q
			WHERE NOT few_resources AND r.workspace_id::text = p_workspace::text AND r.search @@ q.query
			ORDER BY 3 DESC, r.id LIMIT p_limit)
		UNION ALL
		(SELECT 'resource', rc.resource_id, ts_rank(rc.search, q.query), true
			FROM resource_copies rc, q
			WHERE few_copies AND rc.workspace_id = p_workspace AND (rc.search @@ q.query) IS TRUE
			ORDER BY 3 DESC, rc.resource_id LIMIT p_limit)
		UNION ALL
		(SELECT 'resource', rc.resource_id, ts_rank(rc.search, q.query), true
			FROM resource_copies rc, q
			WHERE NOT few_copies AND rc.workspace_id::text = p_workspace::text AND rc.search @@ q.query
			ORDER BY 3 DESC, rc.resource_id LIMIT p_limit)
		UNION ALL
		(SELECT 'project', p.id, ts_rank(p.search, q.query), false
			FROM projects p, q
			WHERE few_projects AND p.workspace_id = p_workspace AND (p.search @@ q.query) IS TRUE
			ORDER BY 3 DESC, p.id LIMIT p_limit)
		UNION ALL
		(SELECT 'project', p.id, ts_rank(p.search, q.query), false
			FROM projects p, q
			WHERE NOT few_projects AND p.workspace_id::text = p_workspace::text AND p.search @@ q.query
			ORDER BY 3 DESC, p.id LIMIT p_limit)
		UNION ALL
		(SELECT 'comment', c.id, ts_rank(c.search, q.query), false
			FROM comments c, q
			WHERE few_comments AND c.workspace_id = p_workspace AND (c.search @@ q.query) IS TRUE
			ORDER BY 3 DESC, c.id LIMIT p_limit)
		UNION ALL
		(SELECT 'comment', c.id, ts_rank(c.search, q.query), false
			FROM comments c, q
			WHERE NOT few_comments AND c.workspace_id::text = p_workspace::text AND c.search @@ q.query
			ORDER BY 3 DESC, c.id LIMIT p_limit)
	),
	-- A resource found by its fields and by its copy is one hit, its fields' one.
	best AS (
		SELECT DISTINCT ON (hits.kind, hits.id) hits.kind, hits.id, hits.rank, hits.in_copy
			FROM hits ORDER BY hits.kind, hits.id, hits.in_copy, hits.rank DESC
	),
	-- One branch per kind, each joining only its own tables; `named` marks a name that starts with the text.
	found AS (
		SELECT hits.kind, hits.id, hits.rank, coalesce(CASE WHEN 'name' = ANY(wt.edited_fields) THEN wt.name ELSE t.name END, wt.slug) AS title, wt.slug,
				coalesce(CASE WHEN 'name' = ANY(wt.edited_fields) THEN wt.name ELSE t.name END, '') || ' ' || coalesce(CASE WHEN 'description' = ANY(wt.edited_fields) THEN wt.description ELSE t.description END, '') || ' ' || wt.raw_submitted_url AS doc,
				NULL AS target_kind, NULL::uuid AS target_id, NULL AS target_slug, CASE WHEN 'icon_url' = ANY(wt.edited_fields) THEN wt.icon_media ELSE t.icon_media END,
				starts_with(lower(coalesce(CASE WHEN 'name' = ANY(wt.edited_fields) THEN wt.name ELSE t.name END, wt.slug)), q.typed) AS named,
				hits.in_copy
			FROM best AS hits JOIN workspace_tools wt ON wt.id = hits.id JOIN tools t ON t.id = wt.tool_id, q
			WHERE hits.kind = 'tool'
		UNION ALL
		SELECT hits.kind, hits.id, hits.rank, coalesce(r.extracted_title, r.raw_submitted_url), NULL,
				coalesce(r.extracted_title, '') || ' ' || coalesce(r.extracted_description, '') || ' ' || r.raw_submitted_url,
				NULL, NULL, NULL, r.icon_media,
				starts_with(lower(coalesce(r.extracted_title, '')), q.typed), hits.in_copy
			FROM best AS hits JOIN resources r ON r.id = hits.id, q
			WHERE hits.kind = 'resource'
		UNION ALL
		SELECT hits.kind, hits.id, hits.rank, p.name, p.slug, p.name || ' ' || p.slug, NULL, NULL, NULL, NULL,
				starts_with(lower(p.name), q.typed), hits.in_copy
			FROM best AS hits JOIN projects p ON p.id = hits.id, q
			WHERE hits.kind = 'project'
		UNION ALL
		SELECT hits.kind, hits.id, hits.rank,
				'Comment on ' || coalesce(CASE WHEN 'name' = ANY(ct.edited_fields) THEN ct.name ELSE ctt.name END, ct.slug, cp.name, cr.extracted_title, cr.raw_submitted_url), NULL,
				c.content,
				CASE WHEN c.workspace_tool_id IS NOT NULL THEN 'tool'
					WHEN c.project_id IS NOT NULL THEN 'project'
					WHEN c.resource_id IS NOT NULL THEN 'resource' END,
				coalesce(c.workspace_tool_id, c.project_id, c.resource_id), coalesce(ct.slug, cp.slug), NULL, false, hits.in_copy
			FROM best AS hits JOIN comments c ON c.id = hits.id
				LEFT JOIN workspace_tools ct ON ct.id = c.workspace_tool_id
				LEFT JOIN tools ctt ON ctt.id = ct.tool_id
				LEFT JOIN projects cp ON cp.id = c.project_id
				LEFT JOIN resources cr ON cr.id = c.resource_id
			WHERE hits.kind = 'comment'
	),
	top AS (SELECT * FROM found ORDER BY found.named DESC, found.in_copy, found.rank DESC, found.kind, found.id LIMIT p_limit)
	SELECT top.kind, top.id, top.title, top.slug, top.rank::float8,
			top.target_kind, top.target_id, top.target_slug, top.icon_media,
			ts_headline('english'::regconfig, translate(CASE WHEN top.in_copy
					THEN (SELECT left(rc.content, 200000) FROM resource_copies rc WHERE rc.resource_id = top.id)
					ELSE top.doc END, E'<>\uE000\uE001', '  '), q.query,
				E'StartSel=\uE000, StopSel=\uE001, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "')
		FROM top, q
		ORDER BY top.named DESC, top.in_copy, top.rank DESC, top.kind, top.id;
END
$$;
