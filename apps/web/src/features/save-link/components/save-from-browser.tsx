import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { LogoMark } from '@/components/wordmark';
import { cn } from '@/lib/cn';
import { bookmarkletHref } from '../lib/bookmarklet';

const sectionClass = 'rounded-xl border border-zinc-200 p-5';

/** "Save from your browser": the bookmarklet to drag, how to install it, and the app to install on a phone. */
export function SaveFromBrowser({ origin, onInstall }: { origin: string; onInstall: (() => void) | null }) {
  const href = bookmarkletHref(origin);
  const link = useRef<HTMLAnchorElement>(null);
  const [clicked, setClicked] = useState(false);
  const codeId = useId();
  // React refuses to render a javascript: href (it guards against injected ones); this one is ours.
  useEffect(() => {
    link.current?.setAttribute('href', href);
  }, [href]);

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby={`${codeId}-bookmarklet`} className={sectionClass}>
        <h2 id={`${codeId}-bookmarklet`} className="font-semibold text-zinc-950">
          The bookmarklet
        </h2>
        <p className="mt-2 text-sm text-zinc-600">
          Drag this button to your bookmarks bar. On any page, select the text worth keeping (optional) and
          click it: a small window opens with the page&apos;s address, its title and your selection as a
          quoted comment. Pick the workspace, tool or resource and tags, then Save.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <a
            ref={link}
            draggable
            onClick={(event) => {
              event.preventDefault();
              setClicked(true);
            }}
            className={cn(buttonVariants({ variant: 'primary' }), 'cursor-grab')}
          >
            <LogoMark className="size-5" />
            Save to stackyard
          </a>
          <span className="text-sm text-zinc-600">← drag me to the bookmarks bar</span>
        </div>
        {clicked && (
          <p role="status" className="mt-3 text-sm text-zinc-800">
            It saves the page you are on when you click it in the bookmarks bar: drag it there first.
          </p>
        )}
        <ol className="mt-4 list-decimal space-y-1 pl-5 text-sm text-zinc-700">
          <li>Show the bookmarks bar: Ctrl+Shift+B (⌘+Shift+B on a Mac) in Chrome, Edge and Firefox.</li>
          <li>Drag “Save to stackyard” onto it.</li>
          <li>A browser that blocks pop-ups opens the save page in the same tab instead.</li>
        </ol>
        <details className="mt-4 rounded-lg border border-zinc-200 px-4 py-3">
          <summary className="cursor-pointer text-sm font-medium text-zinc-900">
            Cannot drag it? (Safari, a phone)
          </summary>
          <p className="mt-2 text-sm text-zinc-600">
            Bookmark any page, edit that bookmark and replace its address with this code:
          </p>
          <label htmlFor={codeId} className="sr-only">
            Bookmarklet code
          </label>
          <textarea
            id={codeId}
            readOnly
            value={href}
            rows={4}
            onFocus={(event) => event.target.select()}
            className="mt-2 w-full rounded-lg border border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-xs text-zinc-900"
          />
        </details>
      </section>
      <section aria-labelledby={`${codeId}-app`} className={sectionClass}>
        <h2 id={`${codeId}-app`} className="font-semibold text-zinc-950">
          On your phone: Share → stackyard
        </h2>
        <p className="mt-2 text-sm text-zinc-600">
          Install stackyard as an app: in Chrome or Edge on Android, open the browser&apos;s menu and choose
          Install app (or Add to Home screen). Then any app&apos;s Share menu lists stackyard, and sharing a
          link opens it ready to save. On a computer, Chrome and Edge install it from the address bar. Safari
          adds it to the Home Screen, but iOS does not list web apps in the Share menu yet, so use the
          bookmarklet there.
        </p>
        {onInstall && (
          <Button className="mt-4" onClick={onInstall}>
            Install stackyard
          </Button>
        )}
      </section>
    </div>
  );
}
