import type { Finding, ScanResult } from '@stackyard/scanner/types';
import type { CheckResult, Rule } from './check.ts';

// What `stackyard check` prints: text for people, JSON for scripts, SARIF 2.1.0 for GitHub code scanning,
// and GitHub Actions workflow commands that annotate the pull request's lines.

export const CHECK_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export interface CheckOutcome {
  source: string;
  scan: ScanResult;
  results: CheckResult[];
}

const RULES: Record<Rule | 'unreadable', { id: string; text: string }> = {
  avoid: { id: 'stackyard/avoided-tool', text: 'A dependency is a tool the team avoids' },
  accepted: {
    id: 'stackyard/accepted-tool',
    text: 'A dependency is a tool the team accepts but does not prefer',
  },
  unknown: { id: 'stackyard/unknown-dependency', text: 'A dependency is not a tool of the workspace' },
  unreadable: { id: 'stackyard/unreadable-manifest', text: 'A manifest could not be read' },
};

function count(outcome: CheckOutcome) {
  const errors = outcome.results.filter((result) => result.level === 'error').length;
  return { errors, warnings: outcome.results.length - errors };
}

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

function where(file: string, line: number | null): string {
  return line === null ? file : `${file}:${line}`;
}

function text(outcome: CheckOutcome): string {
  const lines = outcome.results.map(
    (result) =>
      `${where(result.dependency.file, result.dependency.line)}: ${result.level}: ${result.message}`,
  );
  for (const finding of outcome.scan.findings)
    lines.push(`${where(finding.file || '.', finding.line)}: note: ${finding.message}`);
  const { errors, warnings } = count(outcome);
  const checked = `${plural(outcome.scan.dependencies.length, 'dependency', 'dependencies')} from ${plural(outcome.scan.files, 'file')}, against the stack of ${outcome.source}`;
  lines.push(
    errors + warnings === 0
      ? `No problems in ${checked}.`
      : `${plural(errors, 'error')} and ${plural(warnings, 'warning')} in ${checked}.`,
  );
  return lines.join('\n');
}

function json(outcome: CheckOutcome): string {
  const { errors, warnings } = count(outcome);
  return JSON.stringify(
    {
      stack: outcome.source,
      dependencies: outcome.scan.dependencies.length,
      files: outcome.scan.files,
      errors,
      warnings,
      results: outcome.results,
      findings: outcome.scan.findings,
    },
    null,
    2,
  );
}

function location(file: string, line: number | null) {
  if (!file) return [];
  const artifactLocation = { uri: file };
  return [
    {
      physicalLocation:
        line === null ? { artifactLocation } : { artifactLocation, region: { startLine: line } },
    },
  ];
}

function sarif(outcome: CheckOutcome, version: string): string {
  const findingResult = (finding: Finding) => ({
    ruleId: RULES.unreadable.id,
    level: 'note',
    message: { text: finding.message },
    locations: location(finding.file, finding.line),
  });
  const log = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: {
          driver: {
            name: 'stackyard',
            version,
            rules: Object.values(RULES).map((rule) => ({
              id: rule.id,
              shortDescription: { text: rule.text },
            })),
          },
        },
        results: [
          ...outcome.results.map((result) => ({
            ruleId: RULES[result.rule].id,
            level: result.level,
            message: { text: result.message },
            locations: location(result.dependency.file, result.dependency.line),
          })),
          ...outcome.scan.findings.map(findingResult),
        ],
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}

/** Workflow command escaping: data loses %, CR and LF; properties also : and ,. */
function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function github(outcome: CheckOutcome): string {
  const command = (kind: string, file: string, line: number | null, message: string) => {
    const properties = [
      file && `file=${escapeProperty(file)}`,
      file && line !== null && `line=${line}`,
      'title=stackyard',
    ]
      .filter(Boolean)
      .join(',');
    return `::${kind} ${properties}::${escapeData(message)}`;
  };
  const lines = outcome.results.map((result) =>
    command(result.level, result.dependency.file, result.dependency.line, result.message),
  );
  for (const finding of outcome.scan.findings)
    lines.push(command('notice', finding.file, finding.line, finding.message));
  const { errors, warnings } = count(outcome);
  lines.push(
    `stackyard: ${plural(errors, 'error')} and ${plural(warnings, 'warning')} against the stack of ${outcome.source}`,
  );
  return lines.join('\n');
}

export function formatCheck(outcome: CheckOutcome, format: CheckFormat, version: string): string {
  if (format === 'json') return json(outcome);
  if (format === 'sarif') return sarif(outcome, version);
  if (format === 'github') return github(outcome);
  return text(outcome);
}
