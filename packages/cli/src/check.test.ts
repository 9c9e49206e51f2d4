// `stackyard scan` and `stackyard check` as CI runs them: the real bin in a child process over a checkout in a
// temporary directory, against an exported stack.json and against the real server.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackFile } from '@stackyard/contracts/stack';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { runBin } from './testing/run-bin.ts';

const scratch = mkdtempSync(join(tmpdir(), 'stackyard-check-'));
const repo = join(scratch, 'repo');
const stackPath = join(scratch, 'stack.json');

function write(path: string, text: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

function run(args: string[], env: Record<string, string> = {}) {
  return runBin(args, scratch, { env });
}

const tool = (
  slug: string,
  name: string,
  stance: 'preferred' | 'accepted' | 'avoid',
  npm: string | null,
  note: string | null = null,
) => ({
  slug,
  name,
  description: null,
  url: `https://${slug}.example/`,
  stance,
  note,
  rating: null,
  top_comment: null,
  packages: npm ? [{ ecosystem: 'npm' as const, name: npm, version: null }] : [],
});

const stackFile: StackFile = {
  version: 2,
  workspace: { name: 'Acme', slug: 'acme' },
  project: null,
  categories: [
    {
      name: 'Dates',
      tools: [
        tool('date-fns', 'date-fns', 'preferred', 'date-fns'),
        tool('dayjs', 'Day.js', 'accepted', 'dayjs'),
        tool('moment', 'Moment.js', 'avoid', 'moment', 'Unmaintained'),
      ],
    },
    { name: null, tools: [tool('lodash', 'Lodash', 'avoid', 'lodash')] },
  ],
};

beforeAll(() => {
  write(
    join(repo, 'package.json'),
    `{
  "name": "web",
  "dependencies": {
    "moment": "^2.30.1",
    "dayjs": "^1.11.13",
    "date-fns": "^4.1.0",
    "left-pad": "^1.3.0"
  },
  "devDependencies": {
    "lodash": "^4.17.21"
  }
}
`,
  );
  write(join(repo, 'legacy/package.json'), '{"dependencies":{"moment":"2.29.0"}}\n');
  write(join(repo, 'broken/package.json'), '{ nope');
  writeFileSync(stackPath, JSON.stringify(stackFile));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('stackyard scan', () => {
  it('lists the dependencies as text or JSON, and says which files it could not read', async () => {
    const text = await run(['scan', repo]);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toMatch(/^legacy\/package.json:1 +npm +moment 2\.29\.0$/);
    expect(text.stdout).toMatch(/package.json:10 +npm +lodash \^4\.17\.21 {2}dev\n/);
    expect(text.stdout).toContain('broken/package.json: note: Could not read this file:');
    expect(text.stdout).toMatch(/6 dependencies in 2 files\.\n$/);
    const json = await run(['scan', '--format', 'json', repo]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      files: 2,
      findings: [{ file: 'broken/package.json', line: null }],
      dependencies: expect.arrayContaining([
        {
          ecosystem: 'npm',
          name: 'moment',
          version: '^2.30.1',
          resolved: null,
          dev: false,
          kind: 'package',
          file: 'package.json',
          line: 4,
        },
      ]),
    });
    const wrong = await run(['scan', join(repo, 'package.json')]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('is not a directory');
  });
});

describe('stackyard check against an exported stack.json', () => {
  it('fails on avoided tools, naming the preferred alternative, and passes what the team accepts', async () => {
    const result = await run(['check', repo, '--stack', stackPath]);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      'legacy/package.json:1: error: moment: Moment.js is a tool the team avoids (Unmaintained); the team prefers date-fns.',
      'package.json:4: error: moment: Moment.js is a tool the team avoids (Unmaintained); the team prefers date-fns.',
      'package.json:10: error: lodash: Lodash is a tool the team avoids.',
      expect.stringMatching(/^broken\/package.json: note: Could not read this file: /),
      `3 errors and 0 warnings in 6 dependencies from 2 files, against the stack of ${stackPath}.`,
      '',
    ]);
  });

  it('takes levels and an ignore list from .stackyard.json, and refuses a broken one with exit code 2', async () => {
    const config = join(scratch, 'strict.json');
    writeFileSync(
      config,
      JSON.stringify({
        levels: { avoid: 'warn', accepted: 'error', unknown: 'warn' },
        ignore: ['npm:lodash'],
        ignorePaths: ['legacy/**'],
      }),
    );
    const result = await run(['check', repo, '--stack', stackPath, '--config', config, '--format', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      errors: number;
      warnings: number;
      results: Array<{ rule: string; level: string; dependency: { name: string } }>;
    };
    expect(report.results.map((r) => [r.rule, r.level, r.dependency.name])).toEqual([
      ['avoid', 'warning', 'moment'],
      ['accepted', 'error', 'dayjs'],
      ['unknown', 'warning', 'left-pad'],
    ]);
    expect([report.errors, report.warnings]).toEqual([1, 2]);

    write(join(repo, '.stackyard.json'), JSON.stringify({ levels: { avoid: 'warn' } }));
    const warned = await run(['check', repo, '--stack', stackPath]);
    expect(warned.code).toBe(0);
    expect(warned.stdout).toContain('0 errors and 3 warnings');
    write(join(repo, '.stackyard.json'), JSON.stringify({ levels: { avoid: 'fatal' } }));
    const broken = await run(['check', repo, '--stack', stackPath]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toBe(
      `stackyard: ${join(repo, '.stackyard.json')}: levels.avoid: A level is error, warn or off\n`,
    );
    rmSync(join(repo, '.stackyard.json'));

    const notStack = await run(['check', repo, '--stack', join(repo, 'package.json')]);
    expect(notStack.code).toBe(2);
    expect(notStack.stderr).toContain('is not a stack.json exported by stackyard');
  });

  it('writes GitHub Actions annotations', async () => {
    const result = await run(['check', repo, '--stack', stackPath, '--format', 'github']);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(
      '::error file=legacy/package.json,line=1,title=stackyard::moment: Moment.js is a tool the team avoids (Unmaintained); the team prefers date-fns.',
    );
    expect(lines[3]).toMatch(
      /^::notice file=broken\/package.json,title=stackyard::Could not read this file: /,
    );
  });

  it('writes SARIF 2.1.0 that validates against the standard’s JSON schema', async () => {
    const result = await run(['check', repo, '--stack', stackPath, '--format', 'sarif']);
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout);
    // The OASIS schema (sarif-2.1.0-rtm.5) is draft-04; its keywords here read the same under Ajv's draft-07.
    const {
      $schema: _draft,
      id: _id,
      ...schema
    } = JSON.parse(readFileSync(new URL('./fixtures/sarif-schema-2.1.0.json', import.meta.url), 'utf8'));
    // Its language-tag pattern is not valid under the u flag Ajv uses by default.
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.runs[0].results[0]).toEqual({
      ruleId: 'stackyard/avoided-tool',
      level: 'error',
      message: {
        text: 'moment: Moment.js is a tool the team avoids (Unmaintained); the team prefers date-fns.',
      },
      locations: [
        { physicalLocation: { artifactLocation: { uri: 'legacy/package.json' }, region: { startLine: 1 } } },
      ],
    });
  });
});

// `env`, what the command line needs to reach the API over HTTP as the owner of a team with stances on
// Moment.js (avoid) and date-fns (preferred) in Dates; one of each per file.
const test = apiTest().extend('env', { scope: 'file' }, async ({ api, origin }) => {
  const owner = await api.user('check_owner');
  const workspace = (await api.as(owner).post('/workspaces', { name: 'Check Team' })).json() as {
    id: string;
  };
  const stances = [
    ['moment', 'Moment.js', 'avoid', 'Dates'],
    ['date-fns', 'date-fns', 'preferred', 'Dates'],
  ] as const;
  for (const [slug, name, stance, category] of stances) {
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: workspace.id,
      url: `https://www.npmjs.com/package/${slug}`,
      slug,
      name,
    });
    const set = await api.as(owner).put(`/tools/workspace/${workspaceToolId}/stance`, { stance, category });
    expect(set.statusCode).toBe(200);
  }
  const token = (await api.as(owner).post('/tokens', { name: 'ci', scope: 'read' })).json() as {
    token: string;
  };
  return { STACKYARD_URL: origin, STACKYARD_TOKEN: token.token };
});

describe('stackyard check against the server', () => {
  test('reads the stances from the server, and gives the same answer from the stack.json it exports', async ({
    env,
  }) => {
    const online = await run(['check', repo, '--format', 'json'], env);
    expect(online.code).toBe(1);
    const report = JSON.parse(online.stdout) as {
      stack: string;
      results: Array<{ message: string; matched_by: string }>;
    };
    expect(report.stack).toBe('check-team');
    expect(report.results.map((r) => [r.message, r.matched_by])).toEqual([
      ['moment: Moment.js is a tool the team avoids; the team prefers date-fns.', 'package'],
      ['moment: Moment.js is a tool the team avoids; the team prefers date-fns.', 'package'],
    ]);

    const out = join(scratch, 'export');
    expect((await run(['export', '--format', 'stack-json', '--out', out], env)).code).toBe(0);
    const offline = await run(['check', repo, '--format', 'json', '--stack', join(out, 'stack.json')]);
    expect(offline.code).toBe(1);
    expect((JSON.parse(offline.stdout) as typeof report).results).toEqual(report.results);

    const refused = await run(['check', repo], {
      STACKYARD_URL: env.STACKYARD_URL ?? '',
      STACKYARD_TOKEN: 'sy_pat_not_a_real_token_at_all',
    });
    expect(refused.code).toBe(3);
  });
});
