import { paths } from '@/config/paths';

/** The window the bookmarklet opens (one at a time: a second click reuses it). */
export const SAVE_WINDOW = 'stackyard-save';
/** Selections are cut to this many characters so the popup's address stays short enough for any server. */
export const MAX_SELECTION = 1000;

/**
 * The bookmarklet's code: it reads the page's address, title and selected text and opens the save page in a
 * small window, prefilled. When the browser blocks the window it goes to the save page in the tab itself.
 * It runs on other sites, so it only reads and opens: no script of ours is loaded into their page.
 */
export function bookmarkletCode(origin: string): string {
  // An origin holds no quote, space or percent sign, so the code needs no escaping inside the link.
  const savePage = `'${origin}${paths.save.getHref()}'`;
  return [
    '(function(){',
    `var s=String(window.getSelection()||'').trim().slice(0,${MAX_SELECTION});`,
    'var q=new URLSearchParams({url:location.href,title:document.title});',
    "if(s)q.set('text',s);",
    `var u=${savePage}+'?'+q;`,
    `var w=window.open(u,'${SAVE_WINDOW}','popup,width=520,height=760');`,
    'if(!w)location.href=u;',
    '})();',
  ].join('');
}

/** The `javascript:` link to drag to the bookmarks bar. */
export function bookmarkletHref(origin: string): string {
  return `javascript:${bookmarkletCode(origin)}`;
}
