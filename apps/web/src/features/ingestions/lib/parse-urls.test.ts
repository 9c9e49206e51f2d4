// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_URLS_PER_BATCH, parseUrls } from './parse-urls';

describe('parseUrls', () => {
  it('takes one URL per line, trims them, skips blank lines and repeats', () => {
    expect(parseUrls('  https://vite.dev  \n\nhttp://example.com/a?b=1\r\nhttps://vite.dev\n')).toEqual({
      ok: true,
      urls: ['https://vite.dev', 'http://example.com/a?b=1'],
    });
  });

  it('asks for a URL when there is none', () => {
    expect(parseUrls(' \n \n')).toEqual({ ok: false, message: 'Enter at least one URL.' });
  });

  it('names the line and says what is wrong', () => {
    expect(parseUrls('https://ok.example\nvite.dev')).toEqual({
      ok: false,
      message: 'Line 2: “vite.dev” is not a valid URL: start it with https:// or http://.',
    });
    expect(parseUrls('ftp://files.example/x')).toMatchObject({
      ok: false,
      message:
        'Line 1: “ftp://files.example/x” is not a web address: only http:// and https:// URLs can be added.',
    });
    expect(parseUrls('javascript:alert(1)')).toMatchObject({
      message: expect.stringContaining('not a web address'),
    });
    expect(parseUrls('https://a.example https://b.example')).toMatchObject({
      message: expect.stringContaining('put one URL on each line'),
    });
    expect(parseUrls('https://user:secret@example.com')).toMatchObject({
      message: expect.stringContaining('user name or password'),
    });
    expect(parseUrls(`https://example.com/${'a'.repeat(2100)}`)).toMatchObject({
      message: expect.stringContaining('longer than 2048 characters'),
    });
  });

  it('lists the first three bad lines and counts the rest', () => {
    const result = parseUrls(['a', 'b', 'c', 'd', 'e'].join('\n'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain('Line 1: “a”');
    expect(result.message).toContain('Line 3: “c”');
    expect(result.message).not.toContain('Line 4');
    expect(result.message).toMatch(/\(and 2 more\)$/);
  });

  it('refuses more than a batch', () => {
    const many = Array.from({ length: MAX_URLS_PER_BATCH + 1 }, (_, index) => `https://e.example/${index}`);
    expect(parseUrls(many.join('\n'))).toEqual({
      ok: false,
      message: `Submit at most ${MAX_URLS_PER_BATCH} URLs at once (there are ${MAX_URLS_PER_BATCH + 1}).`,
    });
  });
});
