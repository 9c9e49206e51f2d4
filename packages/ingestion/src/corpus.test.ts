// The extraction benchmark's corpus, read as a whole: every kind of page gives the fields its markup
// declares, and none gets an icon as its preview or another site's address as its canonical.
import { describe, expect, it } from 'vitest';
import { extractMetadata, type PageMetadata } from './extract.ts';
import { corpusPages, type CorpusPage } from './testing/corpus-pages.ts';

const corpus = corpusPages();
const extracted = corpus.map((page): [CorpusPage, PageMetadata] => {
  const result = extractMetadata(page.html, page.url);
  if (!result.ok) throw new Error(`${page.url}: ${result.failure.code}`);
  return [page, result.value];
});
const ofKind = (kind: string) => extracted.filter(([page]) => page.kind === kind).map(([, value]) => value);

describe('the extraction corpus', () => {
  it('holds at least 50 pages of ten kinds, each with a title and a description', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50);
    expect(new Set(corpus.map((page) => page.kind)).size).toBe(10);
    for (const [page, value] of extracted) {
      expect(value.title, page.url).toBeTruthy();
      expect(value.description, page.url).toBeTruthy();
    }
  });

  it('never takes an icon as the preview, and keeps /favicon.ico as the last candidate', () => {
    for (const [page, value] of extracted) {
      expect(value.iconCandidates.slice(0, -1), page.url).not.toContain(value.previewImage);
      expect(value.iconCandidates.at(-1), page.url).toMatch(/\/favicon\.ico$/);
    }
    // The Q&A site's og:image and image_src are its touch icon: no preview.
    expect(ofKind('question thread').map((value) => value.previewImage)).toEqual(
      ofKind('question thread').map(() => null),
    );
    for (const value of ofKind('repository')) expect(value.iconCandidates[0]).toMatch(/favicon\.svg$/);
  });

  it('titles papers by citation_title and names products by their longer name', () => {
    for (const value of ofKind('paper')) {
      expect(value.title).toMatch(/^Bounded Staleness in Replicated Caches, Part \d+$/);
      expect(value.author).toBe('Okonkwo, Chidi');
      expect(value.publishedAt).toMatch(/^2021-0\d-15T00:00:00.000Z$/);
    }
    for (const value of ofKind('product homepage')) {
      expect(value.suggestedName).toMatch(/^\S+ (Query|Router|Table|Form|Store|Start)$/);
    }
  });

  it('reads publisher, author, date and language where the page declares them', () => {
    for (const value of ofKind('news article')) {
      expect(value.publishedAt).toMatch(/^2024-/);
      expect(value.language).toMatch(/^(en-GB|de|en|pt-BR)$/);
    }
    expect(ofKind('blog post').map((value) => value.publisher)).toContain('Fieldnotes');
    expect(ofKind('social post').every((value) => value.publisher === 'Chirp')).toBe(true);
    // Docs pages declare a one-word og:description and a longer meta description: the longer one wins.
    for (const value of ofKind('docs page')) expect(value.description).toMatch(/^How .* retries failed jobs/);
  });
});
