import { describe, expect, it } from 'vitest';
import { commentWithContext, hintsOf, prefillOf, quoteSelection, saveUrlSchema } from './prefill';

const prefill = (query: Record<string, string>) => prefillOf(new URLSearchParams(query));

describe('prefillOf', () => {
  it('takes what the bookmarklet sends as it is', () => {
    expect(prefill({ url: 'https://vite.dev/guide', title: 'Vite', text: 'Instant server start' })).toEqual({
      url: 'https://vite.dev/guide',
      title: 'Vite',
      selection: 'Instant server start',
    });
  });

  it('finds the URL in a shared text when the url field is empty (Android)', () => {
    expect(prefill({ title: 'Vite', text: 'Have a look: https://vite.dev/guide.' })).toEqual({
      url: 'https://vite.dev/guide',
      title: 'Vite',
      selection: 'Have a look: .',
    });
    expect(prefill({ title: 'Vite', text: 'https://vite.dev/' })).toEqual({
      url: 'https://vite.dev/',
      title: 'Vite',
      selection: '',
    });
  });

  it('drops a shared text that only repeats the title', () => {
    expect(prefill({ title: 'Vite', text: 'Vite https://vite.dev' }).selection).toBe('');
  });

  it('starts empty without a query', () => {
    expect(prefill({})).toEqual({ url: '', title: '', selection: '' });
  });
});

describe('the comment', () => {
  it('quotes the selection line by line', () => {
    expect(quoteSelection('  first line\n\nsecond  ')).toBe('> first line\n>\n> second');
    expect(quoteSelection('   ')).toBe('');
  });

  it('ends with the page it came from, or is left out when empty', () => {
    expect(commentWithContext('> quoted', 'Vite', 'https://vite.dev')).toBe(
      '> quoted\n\n— from “Vite”, https://vite.dev',
    );
    expect(commentWithContext('> quoted', ' ', 'https://vite.dev')).toBe(
      '> quoted\n\n— from https://vite.dev',
    );
    expect(commentWithContext('  ', 'Vite', 'https://vite.dev')).toBeNull();
  });

  it('makes hints only when there is something to suggest', () => {
    expect(hintsOf([], null)).toBeNull();
    expect(hintsOf(['t1'], 'c')).toEqual({
      ingestion_hints: {
        suggested_workspace_relationships: { linked_tags: ['t1'], linked_workspace_projects: [] },
        suggested_comment: 'c',
      },
    });
  });
});

describe('saveUrlSchema', () => {
  it('asks for an http(s) URL with the messages of the contract', () => {
    const message = (value: string) => saveUrlSchema.safeParse(value).error?.issues[0]?.message;
    expect(message('')).toBe('URL is required');
    expect(message('vite.dev')).toBe('Must be a valid http or https URL');
    expect(message('ftp://vite.dev')).toBe('Must be a valid http or https URL');
    expect(saveUrlSchema.parse(' https://vite.dev ')).toBe('https://vite.dev');
  });
});
