import { useMemo } from 'react';
import { highlight, languageOf, type TokenKind } from '../lib/highlight';

// Loaded lazily by the export page: the preview shows plain text until this arrives.

const CLASSES: Record<Exclude<TokenKind, 'plain'>, string> = {
  comment: 'text-zinc-500 italic',
  key: 'text-sky-800',
  string: 'text-emerald-800',
  number: 'text-amber-800',
  keyword: 'text-violet-800',
  punctuation: 'text-zinc-500',
  heading: 'font-semibold text-zinc-950',
  code: 'text-rose-800',
  link: 'text-sky-800 underline decoration-sky-300',
  emphasis: 'font-semibold',
  marker: 'text-violet-800',
};

/** The file's text as highlighted tokens; each is rendered as text, never as markup. */
export default function HighlightedCode({ text, path }: { text: string; path: string }) {
  const tokens = useMemo(() => highlight(text, languageOf(path)), [text, path]);
  return (
    <>
      {tokens.map((token, index) =>
        token.kind === 'plain' ? (
          token.text
        ) : (
          <span key={index} className={CLASSES[token.kind]} data-token={token.kind}>
            {token.text}
          </span>
        ),
      )}
    </>
  );
}
