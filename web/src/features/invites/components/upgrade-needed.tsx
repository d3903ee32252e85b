import type { PaymentRequired } from '@planline/domain';
import { Crown, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { ASK_OWNER_TEXT, upgradeDecision, upgradePath } from '../../teams';
import { GoToDashboard, InviteMessage } from './invite-layout';

interface UpgradeNeededProps {
  payment: PaymentRequired;
  userId: string;
  /** The team to upgrade, when the page knows it. */
  teamId: string | null;
  teamName?: string | undefined;
}

/** PRODUCT-SPEC §2: a full team shows the owner an upgrade screen and everyone else 'Team Upgrade Needed'. */
export function UpgradeNeeded({ payment, userId, teamId, teamName }: UpgradeNeededProps) {
  const dashboard = <GoToDashboard />;

  if (upgradeDecision(payment, userId) === 'offer-upgrade') {
    return (
      <InviteMessage
        icon={<Crown aria-hidden="true" className="h-6 w-6" />}
        title="Upgrade Your Team"
        actions={
          <>
            <Link to={teamId ? upgradePath(teamId) : '/upgrade'} className={buttonClasses('primary', 'md', 'w-full')}>
              Upgrade to {payment.requiredPlan === 'pro' ? 'Pro' : 'Enterprise'}
            </Link>
            {dashboard}
          </>
        }
      >
        <p>{payment.message}</p>
        <p>Pro costs $15 per month and adds up to 5 team members.</p>
      </InviteMessage>
    );
  }

  return (
    <InviteMessage
      icon={<ShieldAlert aria-hidden="true" className="h-6 w-6" />}
      title="Team Upgrade Needed"
      actions={dashboard}
    >
      <p>{teamName ? `${teamName} is full.` : 'This team is full.'}</p>
      <p>{ASK_OWNER_TEXT}</p>
    </InviteMessage>
  );
}
