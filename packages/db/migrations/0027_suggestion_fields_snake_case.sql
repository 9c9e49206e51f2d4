-- Stored suggestions take the API's field names: tools[].toolId → tool_id, stretchCategory → stretch_category.
UPDATE "suggestions" SET "content" =
  ("content" - 'stretchCategory' - 'tools')
  || CASE WHEN "content" ? 'stretchCategory'
       THEN jsonb_build_object('stretch_category', "content" -> 'stretchCategory') ELSE '{}'::jsonb END
  || jsonb_build_object('tools', COALESCE((
       SELECT jsonb_agg(
                CASE WHEN "tool" ? 'toolId'
                  THEN ("tool" - 'toolId') || jsonb_build_object('tool_id', "tool" -> 'toolId') ELSE "tool" END
                ORDER BY "position")
       FROM jsonb_array_elements("content" -> 'tools') WITH ORDINALITY AS "t"("tool", "position")
     ), '[]'::jsonb))
WHERE "content" ? 'stretchCategory' OR jsonb_path_exists("content", '$.tools[*].toolId');
