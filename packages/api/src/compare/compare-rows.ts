import type {
  CompareGroup,
  CompareKind,
  CompareRow,
  CompareTool,
  CompareValue,
} from '@stackyard/contracts/compare';

// The comparison's rows: one per fact, each value keyed by workspace tool. `best` only where "better" is
// objective (more stars, a more recent release, a higher rating…) and the tools do not all tie.

type Best = 'max' | 'min' | ((values: Map<string, CompareValue>) => string[] | null) | null;

interface RowSpec {
  key: string;
  label: string;
  group: CompareGroup;
  kind: CompareKind;
  value: (tool: CompareTool) => CompareValue;
  best: Best;
}

/** The tools holding `wanted`, when some tool holds another value. */
const holding =
  (wanted: CompareValue): Best =>
  (values) => {
    const present = [...values].filter(([, value]) => value !== null);
    const winners = present.filter(([, value]) => value === wanted).map(([id]) => id);
    return winners.length > 0 && winners.length < present.length ? winners : null;
  };

const SPECS: RowSpec[] = [
  {
    key: 'license',
    label: 'Licence',
    group: 'overview',
    kind: 'text',
    value: (t) => t.overview.license,
    best: null,
  },
  {
    key: 'language',
    label: 'Language',
    group: 'overview',
    kind: 'text',
    value: (t) => t.facts.repository?.language ?? null,
    best: null,
  },
  {
    key: 'topics',
    label: 'Topics',
    group: 'overview',
    kind: 'list',
    value: (t) => t.facts.repository?.topics ?? [],
    best: null,
  },
  {
    key: 'stars',
    label: 'Stars',
    group: 'adoption',
    kind: 'number',
    value: (t) => t.adoption.stars,
    best: 'max',
  },
  {
    key: 'forks',
    label: 'Forks',
    group: 'adoption',
    kind: 'number',
    value: (t) => t.adoption.forks,
    best: 'max',
  },
  {
    key: 'weekly_downloads',
    label: 'Weekly downloads',
    group: 'adoption',
    kind: 'number',
    value: (t) => t.adoption.weekly_downloads,
    best: 'max',
  },
  {
    key: 'monthly_downloads',
    label: 'Monthly downloads',
    group: 'adoption',
    kind: 'number',
    value: (t) => t.adoption.monthly_downloads,
    best: 'max',
  },
  {
    key: 'latest_version',
    label: 'Latest version',
    group: 'maintenance',
    kind: 'text',
    value: (t) => t.maintenance.latest_version,
    best: null,
  },
  {
    key: 'last_release_at',
    label: 'Last release',
    group: 'maintenance',
    kind: 'date',
    value: (t) => t.maintenance.last_release_at,
    best: 'max',
  },
  {
    key: 'last_push_at',
    label: 'Last push',
    group: 'maintenance',
    kind: 'date',
    value: (t) => t.maintenance.last_push_at,
    best: 'max',
  },
  {
    key: 'open_issues',
    label: 'Open issues',
    group: 'maintenance',
    kind: 'number',
    value: (t) => t.maintenance.open_issues,
    best: null,
  },
  {
    key: 'archived',
    label: 'Archived',
    group: 'maintenance',
    kind: 'boolean',
    value: (t) => t.maintenance.archived,
    best: holding(false),
  },
  {
    key: 'scorecard',
    label: 'OpenSSF Scorecard',
    group: 'maintenance',
    kind: 'number',
    value: (t) => t.maintenance.scorecard,
    best: 'max',
  },
  {
    key: 'contributors',
    label: 'Contributors',
    group: 'maintenance',
    kind: 'number',
    value: (t) => t.maintenance.contributors,
    best: 'max',
  },
  {
    key: 'dependencies',
    label: 'Dependencies',
    group: 'maintenance',
    kind: 'number',
    value: (t) => t.facts.packages[0]?.dependencies ?? null,
    best: 'min',
  },
  {
    key: 'types_bundled',
    label: 'Types bundled',
    group: 'maintenance',
    kind: 'boolean',
    value: (t) => t.facts.packages.find((p) => p.ecosystem === 'npm')?.types_bundled ?? null,
    best: holding(true),
  },
  {
    key: 'rating',
    label: 'Rating',
    group: 'team',
    kind: 'rating',
    value: (t) => t.team_view.rating,
    best: 'max',
  },
  {
    key: 'stance',
    label: 'Stance',
    group: 'team',
    kind: 'text',
    value: (t) => t.team_view.stance,
    best: holding('preferred'),
  },
  {
    key: 'tags',
    label: 'Tags',
    group: 'team',
    kind: 'list',
    value: (t) => t.team_view.tags.map((tag) => tag.tag_name),
    best: null,
  },
  {
    key: 'projects',
    label: 'Used in projects',
    group: 'team',
    kind: 'list',
    value: (t) => t.team_view.projects.map((project) => project.name),
    best: null,
  },
  {
    key: 'comment_count',
    label: 'Comments',
    group: 'team',
    kind: 'number',
    value: (t) => t.team_view.comment_count,
    best: null,
  },
];

function extreme(values: Map<string, CompareValue>, direction: 'max' | 'min'): string[] | null {
  const present = [...values].filter(
    (entry): entry is [string, number | string] =>
      typeof entry[1] === 'number' || typeof entry[1] === 'string',
  );
  const better = (a: number | string, b: number | string) => (direction === 'max' ? a > b : a < b);
  let top: number | string | null = null;
  for (const [, value] of present) if (top === null || better(value, top)) top = value;
  if (top === null) return null;
  const winners = present.filter(([, value]) => value === top).map(([id]) => id);
  // Every known value tied: nobody stands out.
  return winners.length === present.length ? null : winners;
}

export function compareRows(tools: readonly CompareTool[]): CompareRow[] {
  return SPECS.map((spec) => {
    const values = new Map(tools.map((tool) => [tool.workspace_tool_id, spec.value(tool)] as const));
    const best =
      spec.best === null
        ? null
        : typeof spec.best === 'function'
          ? spec.best(values)
          : extreme(values, spec.best);
    const distinct = new Set([...values.values()].map((value) => JSON.stringify(value)));
    return {
      key: spec.key,
      label: spec.label,
      group: spec.group,
      kind: spec.kind,
      values: Object.fromEntries(values),
      best,
      differs: distinct.size > 1,
    };
  });
}
