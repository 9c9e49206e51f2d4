import type { PackageFacts, RepositoryFacts } from '@stackyard/contracts/facts';
import type { ProjectFacts } from '@stackyard/db/schema';
import type { Executor } from '../db.ts';
import type { FactsContext } from './facts-context.ts';
import { packageKey, toolLinks, type PackageRef } from './facts-links.ts';
import { findFactTarget, listFacts, saveFacts, type FactRow } from './facts.repo.ts';
import { fetchRepositoryFacts } from './github-facts.ts';
import { fetchPackageFacts, fetchProjectFacts, packageSource } from './registry-facts.ts';

// One tool's refresh: the repository on GitHub, its deps.dev project (Scorecard, published packages), then
// each package in its registry. Every source's outcome is recorded, failures included; a failing source
// keeps its last facts and never stops the others.

export interface RefreshStats {
  requests: number;
  /** Requests answered 304 Not Modified (GitHub's conditional requests). */
  saved: number;
  /** When an upstream asked to wait: run the refresh again after this long. */
  retryAfterMs?: number;
}

export async function refreshToolFacts(
  db: Executor,
  context: FactsContext,
  toolId: string,
  signal?: AbortSignal,
  now: () => Date = () => new Date(),
): Promise<RefreshStats> {
  const target = await findFactTarget(db, toolId);
  if (!target) return { requests: 0, saved: 0 };
  const { settings, fetchJson } = context;
  const links = toolLinks([target.forgeUrl, target.canonicalUrl, target.homepageUrl]);
  const previous = new Map(
    (await listFacts(db, [toolId])).map((row) => [`${row.source}|${row.subject}`, row]),
  );
  const rows: FactRow[] = [];
  const stats: RefreshStats = { requests: 0, saved: 0 };
  const waitAtLeast = (ms: number | undefined) => {
    if (ms !== undefined) stats.retryAfterMs = Math.max(stats.retryAfterMs ?? 0, ms);
  };
  const row = (
    source: FactRow['source'],
    subject: string,
    rest: Omit<FactRow, 'toolId' | 'source' | 'subject'>,
  ) => rows.push({ toolId, source, subject, ...rest });
  let scorecard: number | null = null;

  if (links.repository) {
    const project = await fetchProjectFacts(fetchJson, settings.registries, links.repository, signal);
    stats.requests += project.requests;
    const oldProject = (previous.get('deps.dev|')?.data as ProjectFacts | null | undefined) ?? null;
    const projectData: ProjectFacts | null =
      project.status === 'ok'
        ? { fetched_at: now().toISOString(), scorecard: project.scorecard }
        : project.status === 'failed'
          ? oldProject
          : null;
    scorecard = projectData?.scorecard ?? null;
    row('deps.dev', '', {
      status: project.status,
      error: project.error,
      checkedAt: now(),
      etags: {},
      data: projectData,
    });
    // deps.dev down: the packages it named last time are still refreshed (and kept).
    const inferred = project.status === 'failed' ? previousPackages(previous.values()) : project.packages;
    for (const ref of inferred) {
      if (!links.packages.some((known) => packageKey(known) === packageKey(ref))) links.packages.push(ref);
    }

    const old = previous.get('github|');
    const oldData = (old?.data as RepositoryFacts | null | undefined) ?? null;
    const pausedFor = context.githubPausedUntil - Date.now();
    if (pausedFor > 0) {
      waitAtLeast(pausedFor);
      row('github', '', {
        status: 'rate_limited',
        error: `GitHub asked to slow down; trying again in ${Math.ceil(pausedFor / 1000)} s.`,
        checkedAt: now(),
        etags: old?.etags ?? {},
        data: oldData,
      });
    } else {
      const outcome = await fetchRepositoryFacts(
        fetchJson,
        settings.github,
        links.repository,
        { data: oldData, etags: old?.etags ?? {} },
        now(),
        signal,
      );
      stats.requests += outcome.requests;
      stats.saved += outcome.saved;
      if (outcome.status === 'rate_limited') {
        const wait = outcome.retryAfterMs ?? 60_000;
        context.githubPausedUntil = Date.now() + wait;
        waitAtLeast(wait);
      }
      const data = outcome.data ? { ...outcome.data, scorecard: scorecard ?? outcome.data.scorecard } : null;
      row('github', '', {
        status: outcome.status,
        error: outcome.error,
        checkedAt: now(),
        etags: outcome.etags,
        data,
      });
    }
  }

  for (const ref of links.packages) {
    const source = packageSource(ref.ecosystem);
    const subject = packageKey(ref);
    const old = (previous.get(`${source}|${subject}`)?.data as PackageFacts | null | undefined) ?? null;
    const outcome = await fetchPackageFacts(fetchJson, settings.registries, ref, old, now(), signal);
    stats.requests += outcome.requests;
    waitAtLeast(outcome.retryAfterMs);
    const data = outcome.data ? { ...outcome.data, scorecard: outcome.data.scorecard ?? scorecard } : null;
    row(source, subject, { status: outcome.status, error: outcome.error, checkedAt: now(), etags: {}, data });
  }

  await saveFacts(db, toolId, rows, now());
  return stats;
}

function previousPackages(rows: Iterable<FactRow>): PackageRef[] {
  const refs: PackageRef[] = [];
  for (const row of rows) {
    const data = row.data as PackageFacts | null;
    if (row.subject && data && 'ecosystem' in data) refs.push({ ecosystem: data.ecosystem, name: data.name });
  }
  return refs;
}
