import {
  COMPARE_LATEST_COMMENTS,
  type CompareResponse,
  type CompareTool,
} from '@stackyard/contracts/compare';
import type { ToolFacts } from '@stackyard/contracts/facts';
import { mediaUrl } from '@stackyard/contracts/media';
import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { compareRows } from './compare-rows.ts';
import {
  findToolsBySlug,
  listLatestComments,
  listToolProjects,
  listToolTags,
  type CompareToolRow,
} from './compare.repo.ts';

/** Any member compares 2 to 6 of the workspace's tools, named by slug (the query schema checks the count). */
export async function compareTools(
  db: Database,
  actor: Actor,
  workspaceId: string,
  slugs: readonly string[],
): Promise<CompareResponse> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  const found = await findToolsBySlug(db, access, slugs);
  const bySlug = new Map(found.map((row) => [row.slug, row]));
  const rows = slugs.flatMap((slug) => bySlug.get(slug) ?? []);
  const missing = slugs.filter((slug) => !bySlug.has(slug));
  if (missing.length > 0) {
    throw new AppError(
      'not_found',
      `No tool ${missing.map((slug) => `"${slug}"`).join(', ')} in this workspace`,
    );
  }
  const ids = rows.map((row) => row.workspaceToolId);
  const [tagRows, projectRows, commentRows] = await Promise.all([
    listToolTags(db, ids),
    listToolProjects(db, ids),
    listLatestComments(db, ids, COMPARE_LATEST_COMMENTS),
  ]);
  const tools = rows.map((row): CompareTool => {
    const { facts } = row;
    const comments = commentRows.filter((comment) => comment.workspace_tool_id === row.workspaceToolId);
    return {
      workspace_tool_id: row.workspaceToolId,
      slug: row.slug,
      overview: overview(row, facts),
      adoption: adoption(facts),
      maintenance: maintenance(facts),
      team_view: {
        rating: row.rating,
        stance: row.stance,
        tags: tagRows
          .filter((tag) => tag.workspaceToolId === row.workspaceToolId)
          .map((tag) => ({ id: tag.id, tag_name: tag.tagName, color: tag.color })),
        projects: projectRows
          .filter((project) => project.workspaceToolId === row.workspaceToolId)
          .map((project) => ({ id: project.id, slug: project.slug, name: project.name })),
        comment_count: Number(comments[0]?.total ?? 0),
        latest_comments: comments.map((comment) => ({
          id: comment.id,
          commenter_id: comment.commenter_id,
          commenter_username: comment.commenter_username,
          content: comment.content,
          created_at: new Date(comment.created_at).toISOString(),
        })),
      },
      facts,
    };
  });
  return { workspace_id: access.workspaceId, tools, rows: compareRows(tools) };
}

function overview(row: CompareToolRow, facts: ToolFacts): CompareTool['overview'] {
  return {
    name: row.name ?? row.slug,
    // The app's own copy: a browser never fetches an image from a host a submitter chose.
    icon_url: row.iconMedia && mediaUrl(row.iconMedia),
    description: row.description,
    homepage_url: row.homepageUrl,
    repository_url: facts.repository?.url ?? row.forgeUrl,
    license: facts.repository?.license ?? facts.packages.find((p) => p.license)?.license ?? null,
  };
}

/** Summed over the packages that publish the number; null when none does. */
function sum(values: Array<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length > 0 ? known.reduce((a, b) => a + b, 0) : null;
}

function adoption(facts: ToolFacts): CompareTool['adoption'] {
  return {
    stars: facts.repository?.stars ?? null,
    forks: facts.repository?.forks ?? null,
    weekly_downloads: sum(facts.packages.map((p) => p.weekly_downloads)),
    monthly_downloads: sum(facts.packages.map((p) => p.monthly_downloads)),
  };
}

function maintenance(facts: ToolFacts): CompareTool['maintenance'] {
  const repo = facts.repository;
  const packageDates = facts.packages
    .map((p) => p.released_at)
    .filter((date): date is string => date !== null);
  const newestPackage = packageDates.sort().at(-1) ?? null;
  const releaseDate = repo?.latest_release?.date ?? null;
  const lastRelease =
    [releaseDate, newestPackage]
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1) ?? null;
  return {
    latest_release: repo?.latest_release ?? null,
    latest_version:
      facts.packages.find((p) => p.latest_version)?.latest_version ?? repo?.latest_release?.tag ?? null,
    last_release_at: lastRelease,
    last_push_at: repo?.last_push_at ?? null,
    open_issues: repo?.open_issues ?? null,
    archived: repo ? repo.archived : null,
    scorecard: repo?.scorecard ?? facts.packages.find((p) => p.scorecard !== null)?.scorecard ?? null,
    contributors: repo?.contributors ?? null,
  };
}
