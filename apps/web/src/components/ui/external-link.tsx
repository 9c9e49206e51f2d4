import type { ComponentProps } from 'react';

type ExternalLinkProps = Omit<ComponentProps<'a'>, 'target' | 'rel'> & {
  /** A link found in user text: marked user-generated and not endorsed (`nofollow ugc`). */
  ugc?: boolean;
};

/** A link that opens in a new tab without access to this page. */
export function ExternalLink({ ugc = false, ...props }: ExternalLinkProps) {
  return <a target="_blank" rel={ugc ? 'nofollow noopener ugc' : 'noopener noreferrer'} {...props} />;
}
