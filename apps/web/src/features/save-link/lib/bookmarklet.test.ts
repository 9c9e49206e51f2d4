// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarkletCode, bookmarkletHref, SAVE_WINDOW } from './bookmarklet';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** Runs the bookmarklet's code as a browser runs a javascript: bookmark, on this test page. */
function run(origin: string) {
  new Function(bookmarkletCode(origin))();
}

describe('the bookmarklet', () => {
  it('is a javascript: link with nothing a browser would percent-decode or an attribute would end at', () => {
    const href = bookmarkletHref('https://stackyard.example');
    expect(href.startsWith('javascript:(function(){')).toBe(true);
    expect(href).not.toMatch(/[%"]/);
  });

  it('opens the save page with the address, title and selected text', () => {
    document.title = 'A page worth keeping';
    document.body.innerHTML = '<p id="p">Keep <b>this</b> part.</p>';
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('p') as HTMLElement);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    run('https://stackyard.example');
    expect(open).toHaveBeenCalledOnce();
    const [target, name, features] = open.mock.calls[0] ?? [];
    const url = new URL(String(target));
    expect(url.origin + url.pathname).toBe('https://stackyard.example/save');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      url: window.location.href,
      title: 'A page worth keeping',
      text: 'Keep this part.',
    });
    expect(name).toBe(SAVE_WINDOW);
    expect(features).toContain('popup');
  });

  it('leaves the text out without a selection', () => {
    window.getSelection()?.removeAllRanges();
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    run('https://stackyard.example');
    expect(new URL(String(open.mock.calls[0]?.[0])).searchParams.has('text')).toBe(false);
  });
});
