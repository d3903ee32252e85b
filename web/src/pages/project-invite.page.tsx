import type { Project } from '@planline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { FolderOpen, LinkIcon } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useWorkspaceUi } from '../app/workspace-ui.store';
import { Button } from '../components/ui/button';
import { toast } from '../lib/toast.store';
import { signInToContinue, useAuth } from '../features/auth';
import {
  GoToDashboard,
  InviteCard,
  InviteLayout,
  InviteMessage,
  useInviteJoin,
  useJoinProject,
} from '../features/invites';
import { useProjectInviteInfo, USER_PROJECTS_KEY } from '../features/projects';
import { scopeOfProject } from '../features/workspace';

export const INVALID_PROJECT_INVITE_TEXT =
  'This project invitation link is invalid or has expired. Please request a new invitation from the project owner.';

/** /project-invite/{token} for visitors signed in or out (PRODUCT-SPEC §2 project invite page). */
export function ProjectInvitePage() {
  const { token = '' } = useParams();
  return <InviteLayout>{token.trim() ? <ProjectInvite token={token.trim()} /> : <InvalidInvitation />}</InviteLayout>;
}

function InvalidInvitation() {
  return (
    <InviteMessage icon={<LinkIcon aria-hidden="true" className="h-6 w-6" />} title="Invalid Invitation" actions={<GoToDashboard />}>
      <p>{INVALID_PROJECT_INVITE_TEXT}</p>
    </InviteMessage>
  );
}

function ProjectInvite({ token }: { token: string }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useProjectInviteInfo(token);
  const join = useJoinProject();
  const selectProject = useWorkspaceUi((state) => state.selectProject);
  const joining = useInviteJoin('Failed to join project');

  const onJoin = (projectName: string) => {
    if (!user) {
      signInToContinue(pathname);
      return;
    }
    void joining.attempt(async () => {
      const result = await join.mutateAsync(token);
      // The refreshed list says whether the project sits in one of the user's teams or is shared with them.
      const joined = queryClient.getQueryData<Project[]>(USER_PROJECTS_KEY)?.find((p) => p.id === result.projectId);
      selectProject(result.projectId, joined ? scopeOfProject(joined) : result.teamId);
      useWorkspaceUi.getState().setProjectSearch('');
      toast(
        result.alreadyMember
          ? { title: 'Already a member', description: `You already have access to ${projectName}.` }
          : { title: 'Joined project', description: `You joined ${projectName}.` },
      );
      navigate('/');
    });
  };

  // Only non-owners can hit the limit here: the owner is in the team already. The 402 does not name the team.
  return (
    <InviteCard info={info} join={joining} invalid={<InvalidInvitation />}>
      {({ projectName, projectCode }) => (
        <InviteMessage
          icon={<FolderOpen aria-hidden="true" className="h-6 w-6" />}
          title="Project Invitation"
          failure={joining.failure}
          actions={
            <>
              <Button size="lg" onClick={() => onJoin(projectName)} disabled={join.isPending}>
                {join.isPending ? 'Joining...' : 'Join Project'}
              </Button>
              <GoToDashboard />
            </>
          }
        >
          <p>You have been invited to join a project.</p>
          <dl className="mx-auto mt-4 grid max-w-xs grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-4 text-left">
            <dt className="text-slate-500">Project</dt>
            <dd className="font-semibold text-slate-900">{projectName}</dd>
            <dt className="text-slate-500">Project ID</dt>
            <dd className="font-mono text-slate-900">{projectCode}</dd>
          </dl>
          {user ? null : <p>Sign in or create an account to join.</p>}
        </InviteMessage>
      )}
    </InviteCard>
  );
}
