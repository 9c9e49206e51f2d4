// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('splits http(s) URLs from the text around them', () => {
    expect(linkify('See https://vite.dev/guide and http://a.example.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://vite.dev/guide', href: 'https://vite.dev/guide' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://a.example', href: 'http://a.example' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves a closing bracket to the sentence unless the URL opened it', () => {
    expect(linkify('(docs: https://a.example/x)').map((part) => part.text)).toEqual([
      '(docs: ',
      'https://a.example/x',
      ')',
    ]);
    expect(linkify('https://en.wikipedia.org/wiki/Vite_(software)')[0]).toMatchObject({
      kind: 'link',
      href: 'https://en.wikipedia.org/wiki/Vite_(software)',
    });
  });

  it('links nothing but http and https, and keeps markup as text', () => {
    expect(linkify('javascript:alert(1) ftp://x.example <b>hi</b>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://x.example <b>hi</b>' },
    ]);
    expect(linkify('https://a.example/"><img src=x>')).toEqual([
      { kind: 'link', text: 'https://a.example/', href: 'https://a.example/' },
      { kind: 'text', text: '"><img src=x>' },
    ]);
  });
});
