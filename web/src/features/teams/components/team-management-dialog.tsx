import { canManageInvites, canManageJoinRequests, type TeamSummary } from '@planline/domain';
import { Copy, Inbox, LogIn, Plus, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ErrorBlock } from '../../../components/ui/query-state';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast.store';
import { SHARED_SCOPE, SHARED_SCOPE_LABEL } from '../team-scope';
import { pendingRequestCount } from '../team-cache';
import { headcountText } from '../team-headcount';
import { useJoinRequests, useTeamDetail } from '../teams.queries';
import { useTeamPlanLabel } from '../use-team-plan-label';
import { TeamInviteLink } from './invite-members-dialog';
import { RoleBadge } from './role-badge';
import { TeamMembersList } from './team-members-list';
import { WebhooksSection } from './webhooks-section';

export type TeamAction = 'createTeam' | 'inviteMembers' | 'joinTeam' | 'joinRequests';

interface TeamManagementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The team in view, null when the workspace shows shared projects or nothing. */
  team: TeamSummary | null;
  teams: readonly TeamSummary[];
  /** The id of the team in view, or SHARED_SCOPE. */
  currentScope: string | null;
  guestProjectCount: number;
  onSwitch: (scope: string) => void;
  onAction: (action: TeamAction) => void;
}

export function TeamManagementDialog(props: TeamManagementDialogProps) {
  const { open, onOpenChange, team, teams, currentScope, guestProjectCount, onSwitch, onAction } = props;
  const canManage = team ? canManageJoinRequests(team.role) : false;
  const canInvite = team ? canManageInvites(team.role) : false;
  const requests = useJoinRequests(team?.id ?? null, canManage && open);
  const pending = pendingRequestCount(requests.data);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Team Management">
        <div className="space-y-6">
          {team ? (
            <>
              <Section title="Current Team">
                <CurrentTeam team={team} />
              </Section>
              <Section title="Members">
                <TeamMembersList team={team} />
              </Section>
              {canInvite ? (
                <Section title="Invite Link">
                  <TeamInviteLink team={team} enabled={open} id="team-management-invite-link" />
                </Section>
              ) : null}
              {canManage ? (
                <Section title="Webhooks">
                  <WebhooksSection team={team} enabled={open} />
                </Section>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-600">
              You are not viewing a team. Create one, join one with a code, or switch to one below.
            </p>
          )}

          <Section title="Your Teams">
            {teams.length === 0 && guestProjectCount === 0 ? (
              <p className="text-sm text-slate-600">You are not in any team yet.</p>
            ) : (
              <ul aria-label="Your teams" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {teams.map((t) => (
                  <TeamRow
                    key={t.id}
                    name={t.name}
                    badge={<RoleBadge role={t.role} />}
                    current={t.id === currentScope}
                    onSwitch={() => onSwitch(t.id)}
                  />
                ))}
                {guestProjectCount > 0 ? (
                  <TeamRow
                    name={SHARED_SCOPE_LABEL}
                    badge={
                      <span className="text-xs text-slate-500">
                        {guestProjectCount} {guestProjectCount === 1 ? 'project' : 'projects'}
                      </span>
                    }
                    current={currentScope === SHARED_SCOPE}
                    onSwitch={() => onSwitch(SHARED_SCOPE)}
                  />
                ) : null}
              </ul>
            )}
          </Section>

          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
            <Button variant="outline" size="sm" onClick={() => onAction('createTeam')}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Create Team
            </Button>
            {canInvite ? (
              <Button variant="outline" size="sm" onClick={() => onAction('inviteMembers')}>
                <UserPlus aria-hidden="true" className="h-4 w-4" />
                Invite Members
              </Button>
            ) : null}
            <Button variant="outline" size="sm" onClick={() => onAction('joinTeam')}>
              <LogIn aria-hidden="true" className="h-4 w-4" />
              Join Team
            </Button>
            {canManage ? (
              <Button variant="outline" size="sm" onClick={() => onAction('joinRequests')}>
                <Inbox aria-hidden="true" className="h-4 w-4" />
                Manage Join Requests
                {pending > 0 ? (
                  <span className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">{pending}</span>
                ) : null}
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function TeamRow(props: { name: string; badge: ReactNode; current: boolean; onSwitch: () => void }) {
  return (
    <li className="flex items-center gap-3 px-3 py-2">
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{props.name}</span>
      {props.badge}
      {props.current ? (
        <span className="w-20 text-center text-xs font-medium text-green-700">Current</span>
      ) : (
        <Button variant="outline" size="sm" className="w-20" aria-label={`Switch to ${props.name}`} onClick={props.onSwitch}>
          Switch
        </Button>
      )}
    </li>
  );
}

function CurrentTeam({ team }: { team: TeamSummary }) {
  const detail = useTeamDetail(team.id);
  const planLabel = useTeamPlanLabel(team);

  const copyCode = async () => {
    try {
      await copyText(team.teamCode);
      toast({ title: 'Copied!', description: 'Team code copied to clipboard' });
    } catch {
      toast({ title: 'Error', description: 'Failed to copy link to clipboard', variant: 'destructive' });
    }
  };

  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900">{team.name}</p>
          {detail.data?.description ? <p className="text-sm text-slate-600">{detail.data.description}</p> : null}
        </div>
        <RoleBadge role={team.role} />
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium text-slate-500">Team Code</dt>
          <dd className="mt-0.5 flex items-center gap-1">
            <code className="font-mono text-sm font-semibold tracking-wider text-slate-900">{team.teamCode}</code>
            <Button variant="ghost" size="sm" className="h-7 px-2" aria-label="Copy team code" onClick={() => void copyCode()}>
              <Copy aria-hidden="true" className="h-3.5 w-3.5" />
            </Button>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Plan</dt>
          <dd className="mt-0.5 text-sm font-medium text-slate-900">
            {planLabel}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Members</dt>
          <dd className="mt-0.5 text-sm font-medium text-slate-900">
            {detail.isPending ? (
              '…'
            ) : detail.isError ? (
              '—'
            ) : (
              headcountText(detail.data)
            )}
          </dd>
        </div>
      </dl>
      {detail.isError ? (
        <div className="mt-3">
          <ErrorBlock message="We couldn't load the team's details." onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
        </div>
      ) : null}
    </div>
  );
}
