import { canManageInvites, canManageJoinRequests, type TeamSummary } from '@planline/domain';
import { ChartGantt, Inbox, LayoutDashboard, ListPlus, MessagesSquare, UserPlus, UsersRound, SquareChartGantt, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { pendingRequestCount, useJoinRequests } from '../../teams';
import { useWorkspaceUi } from '../../../app/workspace-ui.store';

/**
 * The workspace's 64 px icon rail (PRODUCT-SPEC §2 sidebar). Team actions need a team in view. On a phone it is a
 * row under the header instead: the chart gets the rail's width, and the row costs less height than the header
 * it replaces on the left.
 */
export function WorkspaceSidebar({ team, hasProject }: { team: TeamSummary | null; hasProject: boolean }) {
  const view = useWorkspaceUi((state) => state.view);
  const setView = useWorkspaceUi((state) => state.setView);
  const startAddTask = useWorkspaceUi((state) => state.startAddTask);
  const openDialog = useWorkspaceUi((state) => state.openDialog);
  const canManage = team ? canManageJoinRequests(team.role) : false;
  const requests = useJoinRequests(team?.id ?? null, canManage);
  const pending = pendingRequestCount(requests.data);
  const navigate = useNavigate();
  const chatTeamId = useWorkspaceUi((state) => state.chatTeamId);
  const toggleChat = useWorkspaceUi((state) => state.toggleChat);

  return (
    <nav
      aria-label="Workspace"
      className={cn(
        'flex shrink-0 items-center gap-1 border-b border-slate-200 bg-white px-3 py-1',
        'sm:w-16 sm:flex-col sm:gap-2 sm:border-r sm:border-b-0 sm:px-0 sm:py-4',
      )}
    >
      <RailButton label="Gantt Chart View" icon={ChartGantt} pressed={view === 'gantt'} onClick={() => setView('gantt')} />
      {/* Invite links are the owner's and admins' (invite-links): members would only meet a 403. */}
      {team && canManageInvites(team.role) ? <RailButton label="Add User" icon={UserPlus} onClick={() => openDialog('inviteMembers')} /> : null}
      {canManage ? (
        <RailButton
          label="Manage Join Requests"
          icon={Inbox}
          onClick={() => openDialog('joinRequests')}
          describedBy={pending > 0 ? 'join-requests-count' : undefined}
        >
          {pending > 0 ? (
            <span
              id="join-requests-count"
              className="absolute -top-1 -right-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
            >
              {pending}
              <span className="sr-only">{pending === 1 ? ' pending request' : ' pending requests'}</span>
            </span>
          ) : null}
        </RailButton>
      ) : null}
      <RailButton
        label="Dashboard View"
        icon={LayoutDashboard}
        pressed={view === 'dashboard'}
        onClick={() => setView('dashboard')}
      />
      {/* Issue 36: who is overloaded across the team's projects; a team's view, so it needs a team in view. */}
      {team ? (
        <RailButton label="Workload View" icon={UsersRound} onClick={() => void navigate(`/workload?teamId=${encodeURIComponent(team.id)}`)} />
      ) : null}
      {/* Issue 40: every project of the team on one timeline. */}
      {team ? (
        <RailButton label="Portfolio" icon={SquareChartGantt} onClick={() => void navigate(`/portfolio?teamId=${encodeURIComponent(team.id)}`)} />
      ) : null}
      {/* Issue 38: the team's channel, a panel beside the chart. */}
      {team ? (
        <RailButton label="Team chat" icon={MessagesSquare} pressed={chatTeamId === team.id} onClick={() => toggleChat(team.id)} />
      ) : null}
      <RailButton label="Add Task" icon={ListPlus} onClick={startAddTask} disabled={!hasProject} />
    </nav>
  );
}

interface RailButtonProps {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
  describedBy?: string | undefined;
  children?: ReactNode;
}

function RailButton({ label, icon: Icon, onClick, pressed, disabled, describedBy, children }: RailButtonProps) {
  return (
    <Tooltip content={label} side="right">
      <button
        type="button"
        aria-label={label}
        aria-pressed={pressed}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={onClick}
        className={cn(
          'relative inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-not-allowed disabled:opacity-40',
          pressed ? 'bg-blue-50 text-blue-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        )}
      >
        <Icon aria-hidden="true" className="h-5 w-5" />
        {children}
      </button>
    </Tooltip>
  );
}
