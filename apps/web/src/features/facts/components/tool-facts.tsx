import { ExternalLink } from '@/components/ui/external-link';
import type { ReactNode } from 'react';
import type { FactSource, FactSourceState, PackageFacts, RepositoryFacts } from '@stackyard/contracts/facts';
import { RelativeTime } from '@/components/relative-time';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { timeAgo } from '@/lib/relative-time';
import { useToolFacts } from '../api/get-tool-facts';
import { useRefreshToolFacts } from '../api/refresh-tool-facts';

const SOURCE_LABEL: Record<FactSource, string> = {
  github: 'GitHub',
  npm: 'npm',
  pypi: 'PyPI',
  crates: 'crates.io',
  'deps.dev': 'deps.dev',
};

const STATUS_LABEL: Record<Exclude<FactSourceState['status'], 'ok'>, string> = {
  not_found: 'not found',
  rate_limited: 'rate limited, will retry',
  failed: 'failed',
};

type ToolFactsPanelProps = {
  toolId: string;
  /** Editors and admins may ask for fresh facts. */
  canRefresh: boolean;
};

/** The tool's public facts (repository and packages), each with its source and age, and a refresh for editors. */
export function ToolFactsPanel({ toolId, canRefresh }: ToolFactsPanelProps) {
  const facts = useToolFacts(toolId);
  const refresh = useRefreshToolFacts(toolId);
  const queued = facts.data?.refresh_queued ?? false;
  return (
    <section aria-labelledby="tool-facts" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="tool-facts" className="text-lg font-semibold text-zinc-950">
            Facts
          </h2>
          {facts.data && (
            <p className="text-sm text-zinc-600">
              {facts.data.refreshed_at ? `Refreshed ${timeAgo(facts.data.refreshed_at)}` : 'Not fetched yet'}
              {queued && ' · refresh queued'}
            </p>
          )}
        </div>
        {canRefresh && (
          <Button
            variant="outline"
            size="sm"
            disabled={refresh.isPending || queued}
            onClick={() => refresh.mutate()}
          >
            {queued ? 'Refreshing...' : 'Refresh facts'}
          </Button>
        )}
      </div>
      {refresh.isError && (
        <Alert className="mt-3">Could not refresh the facts: {refresh.error.message}</Alert>
      )}
      {facts.isPending ? (
        <p className="mt-3 text-sm text-zinc-600">Loading facts...</p>
      ) : facts.isError ? (
        <Alert className="mt-3">Error loading facts: {facts.error.message}</Alert>
      ) : (
        <>
          {!facts.data.repository && facts.data.packages.length === 0 && (
            <p className="mt-3 text-sm text-zinc-600">
              No facts yet: they come from the tool’s repository and package registries.
            </p>
          )}
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {facts.data.repository && <RepositoryCard repository={facts.data.repository} />}
            {facts.data.packages.map((pkg) => (
              <PackageCard key={`${pkg.ecosystem}/${pkg.name}`} pkg={pkg} />
            ))}
          </div>
          <SourceProblems sources={facts.data.sources} />
        </>
      )}
    </section>
  );
}

const number = (value: number | null) => (value === null ? null : value.toLocaleString('en-US'));
const dated = (iso: string | null) => (iso === null ? null : `${iso.slice(0, 10)} (${timeAgo(iso)})`);
const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Yes' : 'No');
const score = (value: number | null) => (value === null ? null : `${value} / 10`);

function RepositoryCard({ repository: repo }: { repository: RepositoryFacts }) {
  const release = repo.latest_release;
  return (
    <FactCard
      title={repo.full_name}
      href={repo.url}
      kind="Repository"
      source={repo.source}
      fetchedAt={repo.fetched_at}
      facts={[
        ['Stars', number(repo.stars)],
        ['Forks', number(repo.forks)],
        ['Open issues', number(repo.open_issues)],
        ['Licence', repo.license],
        ['Language', repo.language],
        ['Latest release', release && [release.tag, dated(release.date)].filter(Boolean).join(' · ')],
        ['Last push', dated(repo.last_push_at)],
        ['Contributors', number(repo.contributors)],
        ['Archived', yesNo(repo.archived)],
        ['OpenSSF Scorecard', score(repo.scorecard)],
        ['Topics', repo.topics.length > 0 ? repo.topics.join(', ') : null],
      ]}
    />
  );
}

function PackageCard({ pkg }: { pkg: PackageFacts }) {
  return (
    <FactCard
      title={pkg.name}
      href={pkg.url}
      kind={`${pkg.ecosystem} package`}
      source={pkg.source}
      fetchedAt={pkg.fetched_at}
      facts={[
        [
          'Latest version',
          pkg.latest_version && [pkg.latest_version, dated(pkg.released_at)].filter(Boolean).join(' · '),
        ],
        ['Licence', pkg.license],
        ['Weekly downloads', number(pkg.weekly_downloads)],
        ['Monthly downloads', number(pkg.monthly_downloads)],
        ['Dependencies', number(pkg.dependencies)],
        ['Types bundled', yesNo(pkg.types_bundled)],
        ['OpenSSF Scorecard', score(pkg.scorecard)],
      ]}
    />
  );
}

function FactCard({
  title,
  href,
  kind,
  source,
  fetchedAt,
  facts,
}: {
  title: string;
  href: string | null;
  kind: string;
  source: FactSource;
  fetchedAt: string;
  facts: Array<[string, string | null]>;
}) {
  const known = facts.filter((fact): fact is [string, string] => fact[1] !== null);
  const heading: ReactNode = href ? (
    <ExternalLink href={href} className="hover:underline">
      {title}
    </ExternalLink>
  ) : (
    title
  );
  return (
    <div className="rounded-xl border border-zinc-200 p-4">
      <p className="text-xs text-zinc-500">{kind}</p>
      <h3 className="font-semibold break-all text-zinc-950">{heading}</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {known.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-600">{label}</dt>
            <dd className="break-words text-zinc-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-zinc-500">
        Source: {SOURCE_LABEL[source]} · fetched <RelativeTime iso={fetchedAt} />
      </p>
    </div>
  );
}

/** The sources whose last fetch did not succeed: the facts shown from them may be old or missing. */
function SourceProblems({ sources }: { sources: FactSourceState[] }) {
  const problems = sources.filter((state) => state.status !== 'ok');
  if (problems.length === 0) return null;
  return (
    <ul aria-label="Sources not reached" className="mt-3 flex flex-col gap-1 text-sm text-zinc-600">
      {problems.map((state) => (
        <li key={`${state.source}/${state.package ?? ''}`}>
          {SOURCE_LABEL[state.source]}
          {state.package && ` (${state.package})`}: {state.status === 'ok' ? '' : STATUS_LABEL[state.status]}
          {state.error && ` — ${state.error}`} · {timeAgo(state.fetched_at)}
        </li>
      ))}
    </ul>
  );
}
