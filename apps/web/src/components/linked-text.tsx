import { ExternalLink } from '@/components/ui/external-link';
import { linkify } from '@/lib/linkify';

/**
 * User text with its http(s) URLs as links. Everything is rendered as text (React escapes it); the links
 * are marked user-generated and not endorsed (`nofollow ugc`) and open without access to this page.
 */
export function LinkedText({ text }: { text: string }) {
  return linkify(text).map((part, index) =>
    part.kind === 'link' ? (
      <ExternalLink
        key={index}
        href={part.href}
        ugc
        className="break-all text-zinc-950 underline decoration-zinc-400 underline-offset-2 hover:decoration-zinc-900"
      >
        {part.text}
      </ExternalLink>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}
