import { describe, expect, it } from 'vitest';
import { matchDependencies, type MatchableTool } from './match.ts';
import { scanTree } from './scan.ts';
import { memoryTree } from './tree.ts';

// Tools shaped as the stack API and stack.json give them: packages from package links and facts, the forge
// URL, the name and slug.
const tools: Array<MatchableTool & { id: string }> = [
  {
    id: 'moment',
    name: 'Moment.js',
    slug: 'moment',
    packages: [{ ecosystem: 'npm', name: 'moment' }],
    repositoryUrl: null,
  },
  {
    id: 'date-fns',
    name: 'date-fns',
    slug: 'date-fns',
    packages: [{ ecosystem: 'npm', name: 'date-fns' }],
    repositoryUrl: 'https://github.com/date-fns/date-fns',
  },
  {
    id: 'pydantic',
    name: 'Pydantic',
    slug: 'pydantic',
    packages: [{ ecosystem: 'pypi', name: 'Pydantic' }],
    repositoryUrl: null,
  },
  {
    id: 'pgx',
    name: 'pgx',
    slug: 'pgx',
    packages: [{ ecosystem: 'go', name: 'github.com/jackc/pgx' }],
    repositoryUrl: null,
  },
  {
    id: 'cobra',
    name: 'Cobra CLI',
    slug: 'cobra-cli',
    packages: [],
    repositoryUrl: 'https://github.com/spf13/cobra.git',
  },
  {
    id: 'checkout',
    name: 'Checkout action',
    slug: 'checkout-action',
    packages: [],
    repositoryUrl: 'https://github.com/actions/checkout',
  },
  {
    id: 'react',
    name: 'React',
    slug: 'react',
    packages: [],
    repositoryUrl: 'https://github.com/facebook/react',
  },
  { id: 'postgres', name: 'Postgres', slug: 'postgresql', packages: [], repositoryUrl: null },
  {
    id: 'node',
    name: 'Node.js',
    slug: 'node-js',
    packages: [],
    repositoryUrl: 'https://github.com/nodejs/node',
  },
  { id: 'jackson', name: 'Jackson Databind', slug: 'jackson-databind', packages: [], repositoryUrl: null },
  {
    id: 'serde',
    name: 'Serde',
    slug: 'serde',
    packages: [{ ecosystem: 'cargo', name: 'serde' }],
    repositoryUrl: null,
  },
];

describe('matching dependencies to workspace tools', () => {
  it('matches by package, then repository, then name, and says which', async () => {
    const scan = await scanTree(
      memoryTree({
        'package.json': JSON.stringify({
          engines: { node: '>=22' },
          dependencies: {
            moment: '^2',
            react: '^18',
            '@types/react': '^18',
            '@acme/postgres': '1',
            leftpad: '1',
          },
        }),
        'requirements.txt': 'pydantic_core==2\npydantic==2.9\n',
        'go.mod':
          'module x\n\nrequire (\n\tgithub.com/jackc/pgx/v5 v5.7.1\n\tgithub.com/spf13/cobra v1.8.1\n)\n',
        '.github/workflows/ci.yml': 'jobs:\n  a:\n    steps:\n      - uses: actions/checkout@v4\n',
        'compose.yaml': 'services:\n  db:\n    image: postgres:16\n',
        'pom.xml':
          '<project><dependencies><dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId></dependency></dependencies></project>',
        'Cargo.toml': '[dependencies]\nserde_json = "1"\nserde = "1"\n',
      }),
    );
    const matched = matchDependencies(scan.dependencies, tools).map(({ dependency, match }) => [
      dependency.name,
      match ? `${match.tool.id} by ${match.by}` : null,
    ]);
    expect(matched).toEqual([
      ['actions/checkout', 'checkout by repository'],
      ['serde_json', null],
      ['serde', 'serde by package'],
      ['postgres', 'postgres by name'],
      ['github.com/jackc/pgx/v5', 'pgx by package'],
      ['github.com/spf13/cobra', 'cobra by repository'],
      ['moment', 'moment by package'],
      ['react', 'react by name'],
      ['@types/react', null],
      ['@acme/postgres', null],
      ['leftpad', null],
      ['node', 'node by name'],
      ['com.fasterxml.jackson.core:jackson-databind', 'jackson by name'],
      ['pydantic_core', null],
      ['pydantic', 'pydantic by package'],
    ]);
  });

  it('normalizes registry spellings: PyPI names and Cargo underscores', () => {
    const dependency = (ecosystem: 'pypi' | 'cargo', name: string) => ({
      ecosystem,
      name,
      version: null,
      resolved: null,
      dev: false,
      kind: 'package' as const,
      file: 'x',
      line: 1,
    });
    const seeded = [
      {
        name: 'Zope Interface',
        slug: 'zope',
        packages: [{ ecosystem: 'pypi', name: 'zope.interface' }],
        repositoryUrl: null,
      },
      {
        name: 'Tokio Util',
        slug: 'tu',
        packages: [{ ecosystem: 'cargo', name: 'tokio-util' }],
        repositoryUrl: null,
      },
    ];
    const found = matchDependencies(
      [dependency('pypi', 'Zope_Interface'), dependency('cargo', 'tokio_util')],
      seeded,
    );
    expect(found.map(({ match }) => [match?.tool.slug, match?.by])).toEqual([
      ['zope', 'package'],
      ['tu', 'package'],
    ]);
  });
});
