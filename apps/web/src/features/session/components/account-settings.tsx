import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { SecurityActions } from './security-actions';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-zinc-200 p-5">
      <h3 className="font-semibold text-zinc-950">{title}</h3>
      <div className="mt-4 flex flex-col gap-3">{children}</div>
    </section>
  );
}

function DisabledAction({ label, text }: { label: string; text: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-zinc-600">{text}</p>
      <Button variant="outline" size="sm" disabled>
        {label}
      </Button>
    </div>
  );
}

/** Spec §2 Account: security and data cards. */
export function AccountSettings() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Security">
        <SecurityActions />
      </Card>
      <Card title="Data">
        <DisabledAction label="Export Data" text="Download everything in your workspaces." />
        <DisabledAction label="View Usage" text="See how much you store." />
        <DisabledAction label="Delete Account" text="Remove your account and its data." />
      </Card>
    </div>
  );
}
