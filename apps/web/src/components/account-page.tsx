import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

type AccountPageProps = {
  title: string;
  /** What the page is for, under its title. */
  intro: ReactNode;
  /** Room for wide blocks, such as a client's configuration. */
  wide?: boolean;
  children: ReactNode;
};

/** A page of the user's own, outside any workspace: its title, what it is for, then its parts. */
export function AccountPage({ title, intro, wide = false, children }: AccountPageProps) {
  return (
    <section
      className={`mx-auto flex ${wide ? 'max-w-4xl' : 'max-w-3xl'} flex-col gap-8 px-4 py-10 sm:px-6 sm:py-12`}
    >
      <DocumentTitle title={title} />
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">{title}</h1>
        <p className="mt-2 text-sm text-zinc-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}
