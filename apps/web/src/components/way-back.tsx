import { LinkButton } from '@/components/ui/link-button';

export type WayBackLink = { label: string; href: string };

/** The links under a "not found" heading, so a wrong address is never a dead end. */
export function WayBack({ links }: { links: WayBackLink[] }) {
  return (
    <nav aria-label="Ways back" className="mt-8">
      <ul className="flex flex-wrap justify-center gap-3">
        {links.map((link, index) => (
          <li key={link.href}>
            <LinkButton to={link.href} variant={index === 0 ? 'primary' : 'outline'}>
              {link.label}
            </LinkButton>
          </li>
        ))}
      </ul>
    </nav>
  );
}
