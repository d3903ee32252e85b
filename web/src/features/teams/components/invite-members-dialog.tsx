import type { TeamSummary } from '@planline/domain';
import { UserPlus } from 'lucide-react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useRegenerateTeamInviteLink } from '../teams.api';
import { headcountText, isTeamFull } from '../team-headcount';
import { useTeamDetail, useTeamInviteLink } from '../teams.queries';
import { useTeamPlanLabel } from '../use-team-plan-label';
import { InviteLinkField } from './invite-link-field';

interface InviteMembersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  team: TeamSummary | null;
}

/**
 * 'Add User': the team's member invite link, for the owner and admins. The dialog offers only the Member role
 * (PRODUCT-SPEC §6).
 */
export function InviteMembersDialog({ open, onOpenChange, team }: InviteMembersDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Invite Team Members"
        description={team ? `Share this link to invite people to ${team.name}.` : 'Create or join a team to invite people.'}
      >
        {team ? <InviteBody team={team} open={open} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InviteBody({ team, open }: { team: TeamSummary; open: boolean }) {
  const detail = useTeamDetail(team.id);
  const full = detail.data !== undefined && isTeamFull(detail.data);
  const planLabel = useTeamPlanLabel(detail.data ?? team);

  return (
    <div className="space-y-5">
      <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-blue-100 text-blue-700">
          <UserPlus aria-hidden="true" className="h-4 w-4" />
        </span>
        <div>
          <p className="text-sm font-medium text-slate-900">
            Role: <span>Member</span>
          </p>
          <p className="text-sm text-slate-600">can view projects, create tasks and collaborate</p>
        </div>
      </div>

      <TeamInviteLink team={team} enabled={open} />

      {detail.data ? (
        <p className={full ? 'text-sm text-amber-800' : 'text-sm text-slate-600'}>
          {`${headcountText(detail.data)}. Plan: ${planLabel}.`}
          {full ? ' The team is full: the owner needs to upgrade before anyone else can join.' : ''}
        </p>
      ) : null}
    </div>
  );
}

/** The team's member invite link, to copy or regenerate (owner and admins only: invite-links). */
export function TeamInviteLink({ team, enabled, id = 'team-invite-link' }: { team: TeamSummary; enabled: boolean; id?: string }) {
  const link = useTeamInviteLink(team.id, 'member', enabled);
  const regenerate = useRegenerateTeamInviteLink(team.id, 'member');
  return (
    <InviteLinkField
      id={id}
      label="Invite Link"
      copiedDescription="Send it to the people you want on your team."
      link={link}
      regenerate={regenerate}
      joins={team.name}
    />
  );
}
