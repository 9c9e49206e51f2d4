// Extraction alone (no network): pages per second through extractMetadata over the corpus of realistic pages
// (packages/ingestion/src/testing/corpus-pages.ts), and the fraction of pages where each field is filled.
// Baseline: htmlparser2's bare parse of the same pages (the tokenizing every extraction pays), same run.
import { Parser } from 'htmlparser2';
import { extractMetadata, type PageMetadata } from '@stackyard/ingestion/extract';
import { corpusPages } from '@stackyard/ingestion/testing/corpus-pages';
import { runsPerSecond } from '../support/cases.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

/** The fields the fill fractions are reported for; iconCandidates counts only icons the page declares. */
export const EXTRACTED_FIELDS = {
  title: (page: PageMetadata) => page.title,
  description: (page: PageMetadata) => page.description,
  'preview image': (page: PageMetadata) => page.previewImage,
  'declared icon': (page: PageMetadata) => (page.iconCandidates.length > 1 ? page.iconCandidates[0] : null),
  publisher: (page: PageMetadata) => page.publisher,
  author: (page: PageMetadata) => page.author,
  'published date': (page: PageMetadata) => page.publishedAt,
  language: (page: PageMetadata) => page.language,
  'canonical (not the fetched URL)': (page: PageMetadata) =>
    page.homepageUrl !== page.url ? page.homepageUrl : null,
} as const;

export interface ExtractionFigures {
  pages: number;
  bytes: number;
  pagesPerSecond: number;
  baselinePagesPerSecond: number;
  filled: Record<keyof typeof EXTRACTED_FIELDS, number>;
}

export function measureExtraction(): ExtractionFigures {
  const corpus = corpusPages();
  const extract = (index: number) => {
    const page = corpus[index % corpus.length];
    if (!page) throw new Error('empty corpus');
    const result = extractMetadata(page.html, page.url);
    if (!result.ok) throw new Error(`${page.url}: ${result.failure.code}`);
    return result.value;
  };
  const parse = (index: number) => {
    const parser = new Parser({});
    parser.write(corpus[index % corpus.length]?.html ?? '');
    parser.end();
  };
  runsPerSecond(0.5, extract); // warm-up: JIT
  const pagesPerSecond = runsPerSecond(SECONDS, extract);
  const baselinePagesPerSecond = runsPerSecond(SECONDS, parse);
  const results = corpus.map((_, index) => extract(index));
  const filled = Object.fromEntries(
    Object.entries(EXTRACTED_FIELDS).map(([field, read]) => [
      field,
      results.filter((result) => read(result)).length / results.length,
    ]),
  ) as ExtractionFigures['filled'];
  return {
    pages: corpus.length,
    bytes: corpus.reduce((sum, page) => sum + page.html.length, 0),
    pagesPerSecond,
    baselinePagesPerSecond,
    filled,
  };
}
