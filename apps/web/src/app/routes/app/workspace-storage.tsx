import { useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { StoragePage } from '@/features/store/components/storage-page';
import { useWorkspaces } from '@/features/workspaces/api/get-workspaces';
import { canIn } from '@/lib/permissions';

export function WorkspaceStorageRoute() {
  const { workspaceId = '' } = useParams();
  const workspaces = useWorkspaces();
  if (workspaces.isPending) return <StatusScreen text="Loading..." />;
  const workspace = workspaces.data?.find((item) => item.id === workspaceId);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <DocumentTitle title="Workspace storage" />
      {workspace ? (
        <StoragePage
          workspaceId={workspace.id}
          workspaceName={workspace.name}
          canConfigure={canIn(workspace, 'store:configure')}
        />
      ) : (
        <p role="alert" className="text-sm text-zinc-700">
          Workspace not found
        </p>
      )}
    </div>
  );
}
