import { describe, expect, it } from 'vitest';
import { engineInput, engineTool } from '@stackyard/testing/engine-tools';
import { classifyTool, suggest, type EngineTool } from './engine.ts';

// Every role of an idea is filled by a tool that does that job; stance and rating only choose among those.

// The workspace a new user tried: Vitest and PostgreSQL preferred and top-rated, Fastify filed by the team.
const tried = () => [
  engineTool('React', 'The library for web and native user interfaces.', {
    labels: ['declarative', 'frontend', 'javascript', 'library', 'react', 'ui'],
  }),
  engineTool('Vite', "Next generation frontend tooling. It's fast!", {
    labels: ['build tool', 'dev server', 'frontend', 'hmr', 'vite'],
  }),
  engineTool('Fastify', 'Fast and low overhead web framework, for Node.js', {
    category: 'API framework',
    labels: ['nodejs', 'performance', 'speed', 'web', 'webframework'],
  }),
  engineTool('Drizzle ORM', 'Headless TypeScript ORM with a head. Runs on Node, Bun and Deno.', {
    labels: ['orm', 'postgresql', 'mysql', 'sqlite', 'typescript', 'sql'],
  }),
  engineTool('PostgreSQL', 'Mirror of the official PostgreSQL GIT repository.', {
    stance: 'preferred',
    rating: 5,
  }),
  engineTool('Vitest', 'Next generation testing framework powered by Vite.', {
    stance: 'preferred',
    rating: 5,
    labels: ['test', 'testing tools', 'vite', 'vitest'],
  }),
];

const FITS: Record<string, string> = {
  React: 'Frontend framework',
  Vite: 'Bundler',
  Fastify: 'API framework',
  'Drizzle ORM': 'ORM',
  PostgreSQL: 'Database',
  Vitest: 'Testing',
};

describe('roles of the built-in ideas', () => {
  it('puts every tool of the tried workspace only in a role of its own category, and never twice', () => {
    const { suggestions } = suggest(engineInput(tried()));
    expect(suggestions.length).toBeGreaterThan(5);
    for (const suggestion of suggestions) {
      for (const used of suggestion.tools)
        expect(`${used.name} — ${used.role}`).toBe(`${used.name} — ${FITS[used.name]}`);
      const ids = suggestion.tools.map((used) => used.tool_id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    const crud = suggestions.find((suggestion) => suggestion.archetype === 'crud-web-app');
    expect(crud?.title).toBe('A CRUD web app on React and Fastify');
    expect(crud?.tools.map((used) => `${used.name} — ${used.role}`)).toEqual([
      'React — Frontend framework',
      'Fastify — API framework',
      'PostgreSQL — Database',
      'Drizzle ORM — ORM',
    ]);
  });

  it('takes the team category before what the name, tags or description say', () => {
    const keys = (entry: EngineTool) => [...classifyTool(entry).keys()];
    expect(keys(engineTool('PostgreSQL', 'A relational database', { category: 'Queue' }))).toEqual(['queue']);
    expect(keys(engineTool('Vitest', 'Testing powered by Vite', { labels: ['vite', 'frontend'] }))).toEqual([
      'testing',
    ]);
    expect(keys(engineTool('Obscure', 'A database for the browser', { labels: ['orm'] }))).toEqual(['orm']);
  });

  it('leaves a role without a fitting tool as the stretch, or does not propose the idea', () => {
    const tools = [
      engineTool('Fastify', 'Fast and low overhead web framework', { stance: 'preferred', rating: 5 }),
      engineTool('PostgreSQL', 'The relational database', { stance: 'preferred', rating: 5 }),
      engineTool('Vitest', 'Next generation testing framework', { stance: 'preferred', rating: 5 }),
    ];
    const { suggestions } = suggest(engineInput(tools));
    const crud = suggestions.find((suggestion) => suggestion.archetype === 'crud-web-app');
    expect(crud?.stretch_category).toBe('Frontend framework');
    expect(crud?.title).toBe('A CRUD web app on a frontend framework of your choice and Fastify');
    // A design system needs a frontend framework and styling: two missing roles, so no such idea.
    expect(suggestions.map((suggestion) => suggestion.archetype)).not.toContain('design-system');
  });

  it('fills the scarce role first when a tool fits two', () => {
    const tools = [
      engineTool('Next.js', 'The React framework', {
        stance: 'preferred',
        rating: 5,
        category: 'Frontend framework, API framework',
      }),
      engineTool('Svelte', 'Cybernetically enhanced web apps'),
      engineTool('SQLite', 'A small, fast SQL database engine'),
    ];
    const crud = suggest(engineInput(tools)).suggestions.find(
      (suggestion) => suggestion.archetype === 'crud-web-app',
    );
    expect(crud?.tools.map((used) => `${used.name} — ${used.role}`)).toEqual([
      'Svelte — Frontend framework',
      'Next.js — API framework',
      'SQLite — Database',
    ]);
  });
});
