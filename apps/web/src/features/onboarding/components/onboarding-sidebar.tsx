import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type StepState = 'done' | 'current' | 'upcoming';

function Step({ label, state }: { label: string; state: StepState }) {
  return (
    <li className="flex items-center gap-3" aria-current={state === 'current' ? 'step' : undefined}>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
          state === 'done' && 'border-emerald-600 bg-emerald-600 text-white',
          state === 'current' && 'border-zinc-900 text-zinc-900',
          state === 'upcoming' && 'border-zinc-300 text-zinc-400',
        )}
      >
        {state === 'done' ? '✓' : ''}
      </span>
      <span className={cn('text-sm', state === 'upcoming' ? 'text-zinc-500' : 'text-zinc-900')}>
        {label}
        <span className="sr-only">
          {state === 'done' ? ' (done)' : state === 'current' ? ' (current step)' : ''}
        </span>
      </span>
    </li>
  );
}

type OnboardingSidebarProps = {
  hasUsername: boolean;
  hasWorkspace: boolean;
  /** Settings link and Logout, composed by the app. */
  footer: ReactNode;
};

export function OnboardingSidebar({ hasUsername, hasWorkspace, footer }: OnboardingSidebarProps) {
  return (
    <div className="flex h-full flex-col gap-6">
      <div>
        <h2 className="text-sm font-semibold tracking-wide text-zinc-950">Getting Started</h2>
        <ol className="mt-4 flex flex-col gap-3">
          <Step label="Choose Username" state={hasUsername ? 'done' : 'current'} />
          <Step
            label="Create Workspace"
            state={hasWorkspace ? 'done' : hasUsername ? 'current' : 'upcoming'}
          />
        </ol>
        <p className="mt-4 text-xs text-zinc-600">Complete all steps to access your workspace features.</p>
      </div>
      <div className="mt-auto flex flex-col gap-1">{footer}</div>
    </div>
  );
}
