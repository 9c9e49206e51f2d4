import { createElement, Fragment, type ReactNode } from 'react';
import { COPY_BLOCKS, COPY_INLINES, COPY_VOIDS } from '@stackyard/contracts/copy-markup';

// The saved copy is sanitised by the server to a few elements; the browser checks again while turning it into
// React elements (never innerHTML): the markup is parsed into an inert document (its scripts never run),
// elements outside the allow-list are kept as their text, and only a link's http(s)/mailto href survives.

const ALLOWED = new Set([...COPY_BLOCKS, ...COPY_INLINES, ...COPY_VOIDS, 'a']);

function safeHref(href: string | null): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const tag = node.tagName.toLowerCase();
  const children = Array.from(node.childNodes, toReact);
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  if (COPY_VOIDS.has(tag)) return createElement(tag, { key });
  if (tag === 'a') {
    const href = safeHref(node.getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...children);
    return createElement(
      'a',
      { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' },
      ...children,
    );
  }
  return createElement(tag, { key }, ...children);
}

export function CopyHtml({ html, className }: { html: string; className?: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <div className={className}>{Array.from(body.childNodes, toReact)}</div>;
}
