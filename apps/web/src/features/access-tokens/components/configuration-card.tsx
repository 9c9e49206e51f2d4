import { CopyButton } from './copy-button';

export type ClientConfiguration = { client: string; where: string; text: string };

type ConfigurationCardProps = {
  configuration: ClientConfiguration;
  /** The card's name, and what its copy button copies "for". */
  name: string;
  /** The heading level: the OAuth cards sit under a heading of their own. */
  heading: 'h2' | 'h3';
};

/** One client's setup: where it goes, the text to paste and a button that copies it. */
export function ConfigurationCard({ configuration, name, heading: Heading }: ConfigurationCardProps) {
  return (
    <section aria-label={name} className="rounded-xl border border-zinc-200 p-5">
      <div className="flex items-center justify-between gap-2">
        <Heading className="font-semibold text-zinc-950">{configuration.client}</Heading>
        <CopyButton text={configuration.text} label={`Copy for ${name}`} />
      </div>
      <p className="mt-2 text-sm text-zinc-600">{configuration.where}</p>
      <pre className="mt-3 overflow-x-auto rounded-lg bg-zinc-950 p-3 font-mono text-xs text-zinc-100">
        {configuration.text}
      </pre>
    </section>
  );
}
