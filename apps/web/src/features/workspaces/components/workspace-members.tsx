import { useEffect, useState, type ReactNode } from 'react';
import { addMemberSchema, type Member } from '@stackyard/contracts/member';
import type { AccessRole, WorkspaceListItem } from '@stackyard/contracts/workspace';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { StatusScreen } from '@/components/status-screen';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { canIn } from '@/lib/permissions';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useMemberMutations, useMembers } from '../api/members';
import { TransferOwnership } from './transfer-ownership';
import { UserPicker } from './user-picker';

const roles: AccessRole[] = ['admin', 'editor', 'viewer'];
const roleChoices = roles.map((role) => ({ id: role, name: role }));
// Role badges: admin purple, editor blue, viewer gray.
const badge: Record<AccessRole, string> = {
  admin: 'bg-purple-100 text-purple-800',
  editor: 'bg-blue-100 text-blue-800',
  viewer: 'bg-zinc-100 text-zinc-700',
};
const SUCCESS_BANNER_MS = 3000;

type Banner = { tone: 'success' | 'error'; text: string } | null;

// The problem's detail when there is one, else the caller's fallback message.
const detailOr = (error: unknown, fallback: string) =>
  (error instanceof ApiError ? error.problem?.detail : undefined) ?? fallback;

function MemberRow({
  member,
  canManage,
  onRoleChange,
  onRemove,
  transfer,
}: {
  member: Member;
  canManage: boolean;
  onRoleChange: (role: AccessRole) => void;
  onRemove: () => void;
  /** The owner's "Transfer ownership" action for this member, when there is one. */
  transfer?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const name = member.username ?? member.user_id;
  const editable = canManage && !member.is_owner;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium text-zinc-950">
          {member.display_name ?? name}
          {member.is_owner && <span className="ml-2 text-xs font-normal text-zinc-600">Owner</span>}
        </p>
        {member.username && <p className="text-xs text-zinc-600">@{member.username}</p>}
      </div>
      <div className="flex items-center gap-2">
        {editable ? (
          <Select
            aria-label={`Role of ${name}`}
            value={member.access_role}
            onChange={(event) => onRoleChange(event.target.value as AccessRole)}
            choices={roleChoices}
            className="h-8 w-auto px-2"
          />
        ) : (
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', badge[member.access_role])}>
            {member.access_role}
          </span>
        )}
        {!member.is_owner && transfer}
        {editable &&
          (confirming ? (
            <>
              <Button size="sm" className="bg-red-700 hover:bg-red-600" onClick={onRemove}>
                Confirm removal
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700"
              aria-label={`Remove ${name}`}
              onClick={() => setConfirming(true)}
            >
              Remove
            </Button>
          ))}
      </div>
    </li>
  );
}

/** The member list; owner and admins change roles, remove and add members, others read. */
export function WorkspaceMembers({ workspace }: { workspace: WorkspaceListItem }) {
  const members = useMembers(workspace.id);
  const { add, changeRole, remove } = useMemberMutations(workspace.id);
  const [banner, setBanner] = useState<Banner>(null);
  const form = useCheckedForm(addMemberSchema, { username: '', role: 'viewer' as AccessRole });
  const canManage = canIn(workspace, 'members:manage');

  // A success banner clears after 3 seconds; an error stays until the next action.
  useEffect(() => {
    if (banner?.tone !== 'success') return;
    const timer = setTimeout(() => setBanner(null), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const onRoleChange = (member: Member, next: AccessRole) =>
    changeRole.mutate(
      { userId: member.user_id, role: next },
      {
        onSuccess: () => setBanner({ tone: 'success', text: `Successfully updated member role to ${next}` }),
        onError: (error) =>
          setBanner({ tone: 'error', text: detailOr(error, 'Failed to update member role') }),
      },
    );
  const onRemove = (member: Member) =>
    remove.mutate(member.user_id, {
      onSuccess: () => setBanner({ tone: 'success', text: 'Successfully removed member from workspace' }),
      onError: (error) => setBanner({ tone: 'error', text: detailOr(error, 'Failed to remove member') }),
    });
  const onAdd = form.handleSubmit(async (request) => {
    add.mutate(request, {
      onSuccess: (member) => {
        form.setValue('username', '');
        setBanner({
          tone: 'success',
          text: `Added ${member.username ?? request.username} as ${member.access_role}`,
        });
      },
      onError: (error) => setBanner({ tone: 'error', text: detailOr(error, 'Failed to add member') }),
    });
  });

  return (
    <section className="flex flex-col gap-4 rounded-xl border border-zinc-200 p-5">
      <h3 className="font-semibold text-zinc-950">Members of {workspace.name}</h3>
      {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
      {members.isPending ? (
        <StatusScreen text="Loading..." />
      ) : members.isError ? (
        <Alert>Error loading members: {members.error.message}</Alert>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200">
          {members.data.map((member) => (
            <MemberRow
              key={member.user_id}
              member={member}
              canManage={canManage}
              onRoleChange={(next) => onRoleChange(member, next)}
              onRemove={() => onRemove(member)}
              transfer={
                canIn(workspace, 'workspace:transfer') && (
                  <TransferOwnership
                    workspace={workspace}
                    member={member}
                    onTransferred={(name) =>
                      setBanner({ tone: 'success', text: `Transferred ownership to ${name}` })
                    }
                  />
                )
              }
            />
          ))}
        </ul>
      )}
      {canManage && (
        <form noValidate onSubmit={onAdd} className="flex flex-wrap items-end gap-3">
          <div className="min-w-48 flex-1">
            <UserPicker
              label="Add member by username"
              name="username"
              value={form.values.username}
              onChange={(username) => form.setValue('username', username)}
              error={form.errors.username}
              excludeIds={new Set(members.data?.map((member) => member.user_id))}
            />
          </div>
          <Select
            aria-label="Role of the new member"
            {...form.field('role')}
            choices={roleChoices}
            className="w-auto px-2"
          />
          <Button type="submit" disabled={!form.values.username.trim() || add.isPending}>
            Add member
          </Button>
        </form>
      )}
    </section>
  );
}
