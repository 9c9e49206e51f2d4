import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { AccountDataCard } from './account-data-card';

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

/** Spec §2 Account: security and data cards (the Data card: export and account deletion, issue 19). */
export function AccountSettings() {
  const signOut = useSignOutOtherSessions();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Security">
        <DisabledAction label="Change Password" text="Choose a new password." />
        <DisabledAction label="Enable 2FA" text="Add a second step to signing in." />
        <DisabledAction label="View Sessions" text="See where you are signed in." />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-600">Sign out everywhere except this browser.</p>
          <Button variant="outline" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign Out All Devices
          </Button>
        </div>
        {signOut.isSuccess && (
          <Alert tone="success">
            Signed out of {signOut.data} other {signOut.data === 1 ? 'session' : 'sessions'}.
          </Alert>
        )}
        {signOut.isError && <Alert>Could not sign out the other devices. Please try again.</Alert>}
      </Card>
      <AccountDataCard />
    </div>
  );
}
