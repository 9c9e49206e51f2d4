import type { ReactNode } from 'react';
import { AccountDataCard } from './account-data-card';
import { SecurityActions } from './security-actions';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-zinc-200 p-5">
      <h3 className="font-semibold text-zinc-950">{title}</h3>
      <div className="mt-4 flex flex-col gap-3">{children}</div>
    </section>
  );
}

/** The Account tab: the Security card (password, sessions) and the Data card (export, account deletion). */
export function AccountSettings() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Security">
        <SecurityActions />
      </Card>
      <AccountDataCard />
    </div>
  );
}
