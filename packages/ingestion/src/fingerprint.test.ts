import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprintUrl, normalizeUrl } from './fingerprint.ts';

describe('normalizeUrl', () => {
  it.each([
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['http://example.com:80/a', 'http://example.com/a'],
    ['http://example.com:8080/a', 'http://example.com:8080/a'],
    ['https://www.example.com/', 'https://example.com'],
    ['https://WWW.Example.com/docs/', 'https://example.com/docs'],
    ['https://example.com/docs///', 'https://example.com/docs'],
    ['https://example.com/#install', 'https://example.com'],
    ['https://example.com/a?x=1#frag', 'https://example.com/a?x=1'],
    ['https://mail.example/#/inbox', 'https://mail.example#/inbox'],
    ['https://mail.example/app/?b=2&a=1#/inbox/', 'https://mail.example/app?a=1&b=2#/inbox'],
    ['https://old.example/#!/user/ada', 'https://old.example#!/user/ada'],
    ['https://old.example/#!ada', 'https://old.example#!ada'],
    ['https://spa.example/#/', 'https://spa.example'],
    ['https://spa.example/#!', 'https://spa.example'],
    ['https://example.com/?utm_source=hn&utm_medium=social', 'https://example.com'],
    ['https://example.com/?UTM_Campaign=launch', 'https://example.com'],
    ['https://example.com/a?fbclid=abc&gclid=def&id=7', 'https://example.com/a?id=7'],
    ['https://example.com/?mc_cid=1&mc_eid=2&ref_src=twsrc', 'https://example.com'],
    ['https://example.com/?msclkid=1&igshid=2&_ga=3&yclid=4', 'https://example.com'],
    ['https://example.com/?b=2&a=1', 'https://example.com?a=1&b=2'],
    ['https://example.com/?a=2&a=1', 'https://example.com?a=1&a=2'],
    ['https://example.com/?', 'https://example.com'],
    ['https://example.com./a', 'https://example.com/a'],
    ['http://0x7f.1/', 'http://127.0.0.1'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example'],
    ['  https://example.com/a  ', 'https://example.com/a'],
    ['https://github.com/vitest-dev/vitest/', 'https://github.com/vitest-dev/vitest'],
    ['https://github.com/Vitest-Dev/Vitest', 'https://github.com/Vitest-Dev/Vitest'],
  ])('%s → %s', (input, expected) => {
    const result = normalizeUrl(input);
    expect(result).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['not a url'],
    ['example.com/path'],
    ['/relative/path'],
    ['ftp://example.com/file'],
    ['file:///etc/passwd'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['mailto:someone@example.com'],
    ['gopher://example.com'],
    ['https://user:secret@example.com/'],
    ['http://'],
    [''],
  ])('%j is invalid_url', (input) => {
    const result = normalizeUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.failure.code).toBe('invalid_url');
      expect(result.failure.transient).toBe(false);
      expect(result.failure.message).toMatch(/\w/);
    }
  });
});

describe('fingerprintUrl', () => {
  it('hashes the normalised URL with sha256', () => {
    const result = fingerprintUrl('https://www.Example.com/docs/?utm_source=x#top');
    const expected = createHash('sha256').update('https://example.com/docs').digest('hex');
    expect(result).toEqual({
      ok: true,
      value: { normalizedUrl: 'https://example.com/docs', fingerprint: expected },
    });
  });

  it('gives one fingerprint to variants of one page and different ones to different pages', () => {
    const of = (url: string) => {
      const result = fingerprintUrl(url);
      return result.ok ? result.value.fingerprint : result.failure.code;
    };
    expect(of('https://example.com/a?x=1&y=2')).toBe(of('HTTPS://WWW.EXAMPLE.COM:443/a/?y=2&x=1&utm_id=9#z'));
    expect(of('https://example.com/a')).not.toBe(of('http://example.com/a'));
    expect(of('https://example.com/a')).not.toBe(of('https://example.com/A'));
    expect(of('https://example.com/a?x=1')).not.toBe(of('https://example.com/a?x=2'));
    // Routes of a single-page app are pages of their own; plain anchors are places on one page.
    expect(of('https://mail.example/#/inbox')).not.toBe(of('https://mail.example/#/sent'));
    expect(of('https://mail.example/#/inbox')).not.toBe(of('https://mail.example/'));
    expect(of('https://docs.example/guide#install')).toBe(of('https://docs.example/guide#usage'));
    expect(of('https://example.com/a')).toMatch(/^[0-9a-f]{64}$/);
  });
});
