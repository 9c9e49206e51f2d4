import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { WidgetBoundary } from '@/components/widget-boundary';
import { paths, settingsTabs, type SettingsTab } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useProfile } from '@/features/profile/api/get-profile';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { ThemePreference } from '@/features/profile/components/theme-preference';
import { UsernameChange } from '@/features/profile/components/username-change';
import { useSession } from '@/features/session/api/get-session';
import { AccountSettings } from '@/features/session/components/account-settings';
import { WorkspaceSettings } from '@/features/workspaces/components/workspace-settings';

const tabLabels: Record<SettingsTab, string> = {
  profile: 'Profile',
  workspace: 'Workspaces',
  account: 'Account',
};

function WorkspaceTab() {
  const profile = useProfile({ enabled: true });
  return <WorkspaceSettings currentUserId={profile.data?.identity_id ?? null} />;
}

function ProfileTab() {
  const session = useSession();
  const profile = useProfile({ enabled: session.isAuthenticated });
  if (profile.isPending) return <StatusScreen text="Loading..." />;
  const email = (session.data?.session.identity?.traits as { email?: string } | undefined)?.email;
  return (
    <div className="flex flex-col gap-8">
      <section className="rounded-xl border border-zinc-200 p-5">
        <h2 className="font-semibold text-zinc-950">Profile</h2>
        <div className="mt-4">
          {profile.data ? (
            <ProfileForm profile={profile.data} email={email} />
          ) : (
            <p className="text-sm text-zinc-600">Your profile could not be loaded.</p>
          )}
        </div>
      </section>
      <section className="rounded-xl border border-zinc-200 p-5">
        <h2 className="font-semibold text-zinc-950">Username</h2>
        <div className="mt-4">
          <UsernameChange current={profile.data?.current_username} />
        </div>
      </section>
      <section className="rounded-xl border border-zinc-200 p-5">
        <h2 className="font-semibold text-zinc-950">Preferences</h2>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button variant="outline" size="sm" disabled>
            Email Notifications
          </Button>
          <ThemePreference />
        </div>
      </section>
    </div>
  );
}

/** Tabs Profile, Workspaces (the default) and Account, chosen by ?tab=. */
export function SettingsRoute() {
  const [params] = useSearchParams();
  const requested = params.get('tab');
  const tab: SettingsTab = settingsTabs.find((name) => name === requested) ?? 'workspace';
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <DocumentTitle title="Settings" />
      <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Settings</h1>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link
          className="text-zinc-700 underline underline-offset-4"
          to={paths.settings.accessTokens.getHref()}
        >
          Access tokens
        </Link>
        <Link
          className="text-zinc-700 underline underline-offset-4"
          to={paths.settings.connectAssistant.getHref()}
        >
          Connect an AI assistant
        </Link>
        <Link
          className="text-zinc-700 underline underline-offset-4"
          to={paths.settings.saveFromBrowser.getHref()}
        >
          Save from your browser
        </Link>
      </p>
      <nav aria-label="Settings" className="mt-6 border-b border-zinc-200">
        <ul className="-mb-px flex gap-4">
          {settingsTabs.map((name) => (
            <li key={name}>
              <Link
                to={paths.settings.root.getHref(name)}
                aria-current={name === tab ? 'page' : undefined}
                className={cn(
                  'inline-block border-b-2 px-1 pb-2 text-sm font-medium',
                  name === tab
                    ? 'border-zinc-900 text-zinc-950'
                    : 'border-transparent text-zinc-600 hover:text-zinc-900',
                )}
              >
                {tabLabels[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        <WidgetBoundary name={`${tabLabels[tab]} settings`}>
          {tab === 'profile' && <ProfileTab />}
          {tab === 'account' && <AccountSettings />}
          {tab === 'workspace' && <WorkspaceTab />}
        </WidgetBoundary>
      </div>
    </section>
  );
}
