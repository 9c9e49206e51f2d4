// `npm run eval -- ideas` (or `npm run bench -- ideas`): the built-in ideas on the evaluation set of
// packages/api/src/suggestions/eval/workspaces.json. Per workspace: ideas proposed, roles filled, precision (roles
// held by a tool of the role's category), coverage (workspace tools used at least once), and ideas repeating
// an accepted or dismissed one. Fails when precision is below 100% or any idea repeats.
import { evaluate, loadEvalSet, percent } from '../../packages/api/src/suggestions/eval/evaluate.ts';

const results = loadEvalSet().map(evaluate);
const rows = results.map((result) => [
  result.workspace,
  String(result.ideas),
  String(result.roles),
  percent(result.fitting, result.roles),
  `${percent(result.used, result.tools)} (${result.used}/${result.tools})`,
  String(result.duplicates),
]);
const sum = (pick: (result: (typeof results)[number]) => number) =>
  results.reduce((total, result) => total + pick(result), 0);
rows.push([
  'All',
  String(sum((result) => result.ideas)),
  String(sum((result) => result.roles)),
  percent(
    sum((result) => result.fitting),
    sum((result) => result.roles),
  ),
  `${percent(
    sum((result) => result.used),
    sum((result) => result.tools),
  )} (${sum((result) => result.used)}/${sum((result) => result.tools)})`,
  String(sum((result) => result.duplicates)),
]);
const header = ['Workspace', 'Ideas', 'Roles', 'Precision', 'Coverage', 'Duplicates'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
for (const result of results) for (const wrong of result.wrong) console.log(`wrong fit: ${wrong}`);
const failed = results.some((result) => result.wrong.length > 0 || result.duplicates > 0);
process.exit(failed ? 1 : 0);
