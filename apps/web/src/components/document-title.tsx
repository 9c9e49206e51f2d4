// React 19 hoists <title> into <head>, so each screen names the browser tab without a helper library.
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · stackyard` : 'stackyard'}</title>;
}
