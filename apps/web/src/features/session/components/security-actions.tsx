import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useSession } from '../api/get-session';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { ChangePasswordDialog } from './change-password-dialog';
import { SessionsList } from './sessions-list';
import { SettingRow as Row } from './setting-row';

/** Settings → Account, Security card: change password, sessions and signing out the other devices. */
export function SecurityActions() {
  const { data } = useSession();
  const session = data?.session;
  const traits = session?.identity?.traits as { email?: unknown } | undefined;
  const email = typeof traits?.email === 'string' ? traits.email : '';
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
  const [showSessions, setShowSessions] = useState(false);
  const signOut = useSignOutOtherSessions();
  const sessionsId = useId();

  return (
    <>
      <Row text="Choose a new password.">
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setChanged(false);
            setChanging(true);
          }}
        >
          Change Password
        </Button>
      </Row>
      {changed && <Alert tone="success">Your changes have been saved!</Alert>}
      <ChangePasswordDialog
        open={changing}
        email={email}
        onClose={() => setChanging(false)}
        onChanged={() => setChanged(true)}
      />
      <Row text="Two-factor sign-in is not available yet.">
        <Button variant="outline" size="sm" disabled>
          Enable 2FA
        </Button>
      </Row>
      <Row text="See where you are signed in.">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showSessions}
          aria-controls={showSessions ? sessionsId : undefined}
          onClick={() => setShowSessions((shown) => !shown)}
        >
          {showSessions ? 'Hide Sessions' : 'View Sessions'}
        </Button>
      </Row>
      {showSessions && <SessionsList id={sessionsId} current={session} />}
      <Row text="Sign out everywhere except this browser.">
        <Button variant="outline" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          Sign Out All Devices
        </Button>
      </Row>
      {signOut.isSuccess && (
        <Alert tone="success">
          Signed out of {signOut.data} other {signOut.data === 1 ? 'session' : 'sessions'}.
        </Alert>
      )}
      {signOut.isError && <Alert>Could not sign out the other devices. Please try again.</Alert>}
    </>
  );
}
