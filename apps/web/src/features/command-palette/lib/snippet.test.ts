import { describe, expect, it } from 'vitest';
import { decodeEntities, parseSnippet } from './snippet';

describe('parseSnippet', () => {
  it('splits a snippet into plain and marked text, decoding the escaped characters', () => {
    expect(parseSnippet('script type=&quot;module&quot; &amp; <mark>Vite</mark> is &lt;fast&gt;')).toEqual([
      { text: 'script type="module" & ', marked: false },
      { text: 'Vite', marked: true },
      { text: ' is <fast>', marked: false },
    ]);
  });

  it('keeps any other markup as visible text, never as elements', () => {
    expect(parseSnippet('<img src=x onerror=alert(1)><mark>x</mark>')).toEqual([
      { text: '<img src=x onerror=alert(1)>', marked: false },
      { text: 'x', marked: true },
    ]);
  });

  it('reads an escaped tag as the text the user wrote', () => {
    expect(parseSnippet('&lt;mark&gt;not a match&lt;/mark&gt;')).toEqual([
      { text: '<mark>not a match</mark>', marked: false },
    ]);
  });
});

describe('decodeEntities', () => {
  it('decodes numeric entities and leaves unknown ones alone', () => {
    expect(decodeEntities('&#39;a&#x27; &nbsp; &#0;')).toBe("'a' &nbsp; &#0;");
  });
});
