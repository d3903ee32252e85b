import type { TeamSummary } from '@planline/domain';
import { UserPlus } from 'lucide-react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-error';
import { useTeamDetail, useTeamInviteLink } from '../teams.queries';
import { CopyField } from './copy-field';

interface InviteMembersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  team: TeamSummary | null;
}

/** 'Add User': the team's member invite link. The dialog offers only the Member role (PRODUCT-SPEC §6). */
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
  const link = useTeamInviteLink(team.id, 'member', open);
  const detail = useTeamDetail(team.id);
  const limit = detail.data?.limits.maxMembers ?? null;
  const full = detail.data !== undefined && limit !== null && detail.data.memberCount >= limit;

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

      {link.isPending ? (
        <LoadingBlock label="Creating invite link" />
      ) : link.isError ? (
        // Never a link without its token: it would not let anyone in.
        <ErrorBlock
          message={serverMessage(link.error) ?? "We couldn't create the invite link."}
          onRetry={() => void link.refetch()}
          retrying={link.isFetching}
        />
      ) : (
        <CopyField
          id="team-invite-link"
          label="Invite Link"
          value={link.data.inviteLink}
          copiedDescription="Send it to the people you want on your team."
        />
      )}

      {detail.data ? (
        <p className={full ? 'text-sm text-amber-800' : 'text-sm text-slate-600'}>
          {limit === null
            ? `${detail.data.memberCount} ${detail.data.memberCount === 1 ? 'member' : 'members'} on the ${detail.data.effectivePlan} plan (no member limit).`
            : `${detail.data.memberCount} of ${limit} members used on the ${detail.data.effectivePlan} plan.`}
          {full ? ' The team is full: the owner needs to upgrade before anyone else can join.' : ''}
        </p>
      ) : null}
    </div>
  );
}
