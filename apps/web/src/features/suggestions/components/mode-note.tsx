import type { SuggestionList } from '@stackyard/contracts/suggestion';

type ModeNoteProps = { mode: SuggestionList['mode']; model: string | undefined; note: string | undefined };

/** Which engine wrote the ideas, and why the built-in one stood in when the language model failed. */
export function ModeNote({ mode, model, note }: ModeNoteProps) {
  return (
    <div role="status" className="mt-4 flex flex-col gap-1 text-sm">
      <p className="flex items-center gap-2 text-zinc-700">
        <span
          aria-hidden="true"
          className={`size-2 rounded-full ${note ? 'bg-amber-500' : 'bg-emerald-500'}`}
        />
        {mode === 'llm' ? `Language model: ${model ?? 'unknown'}` : 'Built-in suggestions'}
      </p>
      {note && <p className="text-zinc-600">{note}</p>}
    </div>
  );
}
