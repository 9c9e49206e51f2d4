import { describe, expect, it } from 'vitest';
import { engineInput, engineTool } from '@stackyard/testing/engine-tools';
import { classifyTool, suggest, titleKey, type EngineTool } from './engine.ts';
import { ARCHETYPES } from './taxonomy.ts';

const webStack = () => [
  engineTool('React', 'The library for web and native user interfaces', { stance: 'preferred', rating: 5 }),
  engineTool('Fastify', 'Fast and low overhead web framework, for Node.js', { rating: 4 }),
  engineTool('PostgreSQL', 'The world\u2019s most advanced open source relational database'),
  engineTool('Drizzle ORM', 'Headless TypeScript ORM with a head'),
  engineTool('Tailwind CSS', 'A utility-first CSS framework'),
  engineTool('Vitest', 'Next generation testing framework powered by Vite'),
  engineTool('Playwright', 'Reliable end-to-end testing for modern web apps'),
];

const dataStack = () => [
  engineTool('pandas', 'Flexible and powerful data analysis and manipulation library for Python'),
  engineTool('DuckDB', 'An in-process SQL OLAP database management system', { rating: 5 }),
  engineTool('Apache Airflow', 'A platform to programmatically author, schedule and monitor workflows', {
    slug: 'airflow',
  }),
  engineTool('Jupyter', 'Interactive notebooks for data science'),
  engineTool('FastAPI', 'FastAPI framework, high performance, easy to learn, ready for production'),
];

const names = (tools: { name: string }[]) => tools.map((entry) => entry.name);

describe('the built-in suggestion engine', () => {
  it('has at least 30 archetypes, each with 3 to 6 milestones', () => {
    expect(ARCHETYPES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(ARCHETYPES.map((archetype) => archetype.key)).size).toBe(ARCHETYPES.length);
    for (const archetype of ARCHETYPES) {
      expect(archetype.milestones.length).toBeGreaterThanOrEqual(3);
      expect(archetype.milestones.length).toBeLessThanOrEqual(6);
    }
  });

  it('classifies tools from their stack category, tags, names and descriptions', () => {
    const keys = (entry: EngineTool) => [...classifyTool(entry).keys()];
    expect(keys(engineTool('React', null as unknown as string))).toContain('frontend');
    expect(keys(engineTool('Acme Thing', 'Internal', { category: 'Queue' }))).toEqual(['queue']);
    expect(keys(engineTool('Obscure', null as unknown as string, { labels: ['orm'] }))).toEqual(['orm']);
    expect(keys(engineTool('Unknown', 'A database toolkit with migrations'))).toContain('orm');
    expect(keys(engineTool('Mystery', 'Does things'))).toEqual([]);
  });

  it('builds web projects from a web stack, with only its tools, favouring the preferred one', () => {
    const tools = webStack();
    const { suggestions, tooFew } = suggest(engineInput(tools));
    expect(tooFew).toBeUndefined();
    const archetypes = suggestions.map((suggestion) => suggestion.archetype);
    expect(archetypes).toContain('crud-web-app');
    expect(archetypes).toContain('e2e-test-suite');
    expect(archetypes).not.toContain('data-pipeline');
    const ids = new Set(tools.map((entry) => entry.id));
    for (const suggestion of suggestions) {
      for (const used of suggestion.tools) expect(ids.has(used.tool_id)).toBe(true);
      expect(suggestion.milestones.length).toBeGreaterThanOrEqual(3);
      expect(suggestion.pitch.split('. ').length).toBe(2);
    }
    const crud = suggestions.find((suggestion) => suggestion.archetype === 'crud-web-app');
    expect(names(crud?.tools ?? [])).toEqual(
      expect.arrayContaining(['React', 'Fastify', 'PostgreSQL', 'Drizzle ORM']),
    );
    expect(crud?.stretch_category).toBeUndefined();
    expect(crud?.why).toContain('React is preferred');
    // The preferred, top-rated React is in the first suggestion.
    expect(names(suggestions[0]?.tools ?? [])).toContain('React');
  });

  it('names a stretch as a missing category, never as an invented tool', () => {
    const { suggestions } = suggest(engineInput(webStack()));
    const stretched = suggestions.filter((suggestion) => suggestion.stretch_category);
    expect(stretched.length).toBeGreaterThan(0);
    const apiWithAuth = suggestions.find((suggestion) => suggestion.archetype === 'api-with-auth');
    expect(apiWithAuth?.stretch_category).toBe('Authentication');
    expect(apiWithAuth?.tools.every((used) => !used.stretch)).toBe(true);
    expect(apiWithAuth?.why).toContain('Stretch: your collection has no authentication yet');
  });

  it('builds data projects from a data stack', () => {
    const { suggestions } = suggest(engineInput(dataStack()));
    const archetypes = suggestions.map((suggestion) => suggestion.archetype);
    expect(archetypes).toContain('data-pipeline');
    expect(archetypes).toContain('ml-model-api');
    const pipeline = suggestions.find((suggestion) => suggestion.archetype === 'data-pipeline');
    expect(names(pipeline?.tools ?? [])).toEqual(expect.arrayContaining(['DuckDB']));
    expect(archetypes).not.toContain('design-system');
  });

  it('asks for more tools when the collection is tiny, saying what to collect first', () => {
    const result = suggest(
      engineInput([engineTool('React', 'UI library'), engineTool('Mystery', 'Does things')]),
    );
    expect(result.suggestions).toEqual([]);
    expect(result.tooFew).toEqual({
      have: 1,
      need: 3,
      collect_first: ['API framework', 'Database', 'Testing', 'ORM', 'CLI'],
    });
  });

  it('never suggests avoided tools: a collection of only avoided tools has nothing to offer', () => {
    const avoided = webStack().map((entry) => ({ ...entry, stance: 'avoid' as const }));
    const result = suggest(engineInput(avoided));
    expect(result.suggestions).toEqual([]);
    expect(result.tooFew?.have).toBe(0);

    const mixed = webStack().map((entry) =>
      entry.name === 'React' ? { ...entry, stance: 'avoid' as const } : entry,
    );
    for (const suggestion of suggest(engineInput(mixed)).suggestions)
      expect(names(suggestion.tools)).not.toContain('React');
  });

  it('never brings back a dismissed suggestion, by fingerprint or by title', () => {
    const tools = webStack();
    const first = suggest(engineInput(tools)).suggestions;
    const [dismissed, titled] = first;
    if (!dismissed || !titled) throw new Error('expected suggestions');
    const again = suggest(
      engineInput(tools, {
        excludedFingerprints: new Set([dismissed.fingerprint]),
        excludedTitles: new Set([titleKey(titled.title)]),
      }),
    ).suggestions;
    expect(again.map((suggestion) => suggestion.fingerprint)).not.toContain(dismissed.fingerprint);
    expect(again.map((suggestion) => suggestion.title)).not.toContain(titled.title);
    expect(again.length).toBe(first.length - 2);
  });

  it('never repeats an existing project, by name or by tool set', () => {
    const tools = webStack();
    const [top, second] = suggest(engineInput(tools)).suggestions;
    if (!top || !second) throw new Error('expected suggestions');
    const again = suggest(
      engineInput(tools, {
        projects: [
          { name: top.title.toUpperCase(), toolIds: [] },
          { name: 'Something else', toolIds: second.tools.map((used) => used.tool_id).reverse() },
        ],
      }),
    ).suggestions;
    expect(again.map((suggestion) => suggestion.fingerprint)).not.toContain(top.fingerprint);
    expect(again.map((suggestion) => suggestion.fingerprint)).not.toContain(second.fingerprint);
  });

  it('is deterministic', () => {
    const tools = webStack();
    expect(suggest(engineInput(tools))).toEqual(suggest(engineInput(tools)));
  });

  it('lets a focus text steer towards matching archetypes and tools', () => {
    const tools = [...webStack(), engineTool('Socket.IO', 'Bidirectional and low-latency communication')];
    const unfocused = suggest(engineInput(tools)).suggestions[0];
    expect(unfocused?.archetype).not.toBe('realtime-dashboard');
    const focused = suggest(engineInput(tools, { focus: 'something with realtime' })).suggestions;
    expect(['realtime-dashboard', 'collaborative-editor']).toContain(focused[0]?.archetype);
    const testing = suggest(engineInput(tools, { focus: 'learn Playwright' })).suggestions[0];
    expect(names(testing?.tools ?? [])).toContain('Playwright');
  });

  it('favours saved-but-unused tools over ones every project already uses', () => {
    const tools = [
      engineTool('Vue', 'The progressive JavaScript framework', { projectCount: 4 }),
      engineTool('Svelte', 'Cybernetically enhanced web apps'),
      engineTool('Express', 'Fast, unopinionated, minimalist web framework', { projectCount: 4 }),
      engineTool('SQLite', 'A small, fast, self-contained SQL database engine', { projectCount: 4 }),
    ];
    const crud = suggest(engineInput(tools)).suggestions.find((entry) => entry.archetype === 'crud-web-app');
    expect(names(crud?.tools ?? [])).toContain('Svelte');
    expect(crud?.why).toContain('Svelte is saved but not yet used in a project');
  });
});
