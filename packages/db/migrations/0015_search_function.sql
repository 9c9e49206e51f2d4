-- Written by hand (packages/api/src/search/search.repo.ts calls it): the catalog search as a PL/pgSQL
-- function, so that each connection plans its statement once and keeps the plan, on PostgreSQL as on PGlite
-- (whose one connection cannot hold a named prepared statement for Drizzle). Planning this statement took
-- about a third of a search's time. p_prefix, when not null, is the last word of the text (letters and
-- digits only), matched as a prefix too; p_text is then the text before it.
-- Tools, resources, projects and comments of one workspace matching the text (web-search syntax), best
-- first. Each branch matches through its table's GIN index and keeps its best p_limit rows by rank; titles,
-- texts and what a comment is on are joined for the final rows alone, and snippets are made for those only
-- (ts_headline reads the whole text). Match marks are U+E000 and U+E001, removed from the text beforehand
-- with angle brackets, which become spaces as when the search vectors were made.
CREATE FUNCTION "search_catalog"(p_workspace uuid, p_text text, p_prefix text, p_limit integer)
RETURNS TABLE (
	kind text, id uuid, title text, slug text, rank float8,
	target_kind text, target_id uuid, target_slug text, icon_media text, snippet text
) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	WITH q AS (
		-- A text of one word is only its prefix: an empty text would cost a notice (no lexemes) each time.
		SELECT CASE WHEN p_prefix IS NULL THEN websearch_to_tsquery('english'::regconfig, p_text)
			WHEN btrim(p_text) = '' THEN to_tsquery('english'::regconfig, p_prefix || ':*')
			ELSE websearch_to_tsquery('english'::regconfig, p_text)
				&& to_tsquery('english'::regconfig, p_prefix || ':*') END AS query
	),
	hits AS (
		(SELECT 'tool' AS kind, wt.id, ts_rank(wt.search, q.query) AS rank
			FROM workspace_tools wt, q
			WHERE wt.workspace_id = p_workspace AND wt.search @@ q.query
			ORDER BY 3 DESC, wt.id LIMIT p_limit)
		UNION ALL
		(SELECT 'resource', r.id, ts_rank(r.search, q.query)
			FROM resources r, q
			WHERE r.workspace_id = p_workspace AND r.search @@ q.query
			ORDER BY 3 DESC, r.id LIMIT p_limit)
		UNION ALL
		(SELECT 'project', p.id, ts_rank(p.search, q.query)
			FROM projects p, q
			WHERE p.workspace_id = p_workspace AND p.search @@ q.query
			ORDER BY 3 DESC, p.id LIMIT p_limit)
		UNION ALL
		(SELECT 'comment', c.id, ts_rank(c.search, q.query)
			FROM comments c, q
			WHERE c.workspace_id = p_workspace AND c.search @@ q.query
			ORDER BY 3 DESC, c.id LIMIT p_limit)
	),
	top AS (SELECT * FROM hits ORDER BY hits.rank DESC, hits.kind, hits.id LIMIT p_limit),
	-- One branch per kind, each joining only its own tables.
	found AS (
		SELECT top.kind, top.id, top.rank, wt.slug AS title, wt.slug,
				coalesce(t.name, '') || ' ' || coalesce(t.description, '') || ' ' || wt.raw_submitted_url AS doc,
				NULL AS target_kind, NULL::uuid AS target_id, NULL AS target_slug, t.icon_media
			FROM top JOIN workspace_tools wt ON wt.id = top.id JOIN tools t ON t.id = wt.tool_id
			WHERE top.kind = 'tool'
		UNION ALL
		SELECT top.kind, top.id, top.rank, coalesce(r.extracted_title, r.raw_submitted_url), NULL,
				coalesce(r.extracted_title, '') || ' ' || coalesce(r.extracted_description, '') || ' ' || r.raw_submitted_url,
				NULL, NULL, NULL, r.icon_media
			FROM top JOIN resources r ON r.id = top.id
			WHERE top.kind = 'resource'
		UNION ALL
		SELECT top.kind, top.id, top.rank, p.name, p.slug, p.name || ' ' || p.slug, NULL, NULL, NULL, NULL
			FROM top JOIN projects p ON p.id = top.id
			WHERE top.kind = 'project'
		UNION ALL
		SELECT top.kind, top.id, top.rank,
				'Comment on ' || coalesce(ct.slug, cp.name, cr.extracted_title, cr.raw_submitted_url), NULL, c.content,
				CASE WHEN c.workspace_tool_id IS NOT NULL THEN 'tool'
					WHEN c.project_id IS NOT NULL THEN 'project'
					WHEN c.resource_id IS NOT NULL THEN 'resource' END,
				coalesce(c.workspace_tool_id, c.project_id, c.resource_id), coalesce(ct.slug, cp.slug), NULL
			FROM top JOIN comments c ON c.id = top.id
				LEFT JOIN workspace_tools ct ON ct.id = c.workspace_tool_id
				LEFT JOIN projects cp ON cp.id = c.project_id
				LEFT JOIN resources cr ON cr.id = c.resource_id
			WHERE top.kind = 'comment'
	)
	SELECT found.kind, found.id, found.title, found.slug, found.rank::float8,
			found.target_kind, found.target_id, found.target_slug, found.icon_media,
			ts_headline('english'::regconfig, translate(found.doc, E'<>\uE000\uE001', '  '), q.query,
				E'StartSel=\uE000, StopSel=\uE001, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "')
		FROM found, q
		ORDER BY found.rank DESC, found.kind, found.id;
END
$$;
