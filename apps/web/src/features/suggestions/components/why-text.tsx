import { Fragment } from 'react';
import { Link } from 'react-router';
import type { SuggestionTool } from '@stackyard/contracts/suggestion';
import { splitToolMentions } from '../lib/tool-mentions';

type WhyTextProps = { text: string; tools: SuggestionTool[]; toolHref: (slug: string) => string };

/** The "why it fits" sentence, with each tool it names linked to that tool's page. */
export function WhyText({ text, tools, toolHref }: WhyTextProps) {
  return (
    <>
      {splitToolMentions(text, tools).map((part, index) =>
        part.tool ? (
          <Link
            key={index}
            to={toolHref(part.tool.slug)}
            className="font-medium text-zinc-950 underline decoration-zinc-300 underline-offset-4 hover:decoration-zinc-900"
          >
            {part.text}
          </Link>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
