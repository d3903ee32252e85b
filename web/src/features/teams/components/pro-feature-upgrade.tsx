import type { PaymentRequired } from '@planline/domain';
import { Crown, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { upgradeDecision, upgradePath } from '../upgrade-prompt';

interface ProFeatureUpgradeProps {
  payment: PaymentRequired;
  userId: string;
  teamId: string;
  /** The heading's id (the section is labelled by it) and level: a page's h2, a dialog's h3. */
  titleId: string;
  heading: 'h2' | 'h3';
  className?: string;
}

/**
 * A paid feature answered 402 (the workload view, leveling): the team's owner is offered the upgrade, anyone else is
 * told to ask the owner. Not an error: the feature is there, on another plan.
 */
export function ProFeatureUpgrade({ payment, userId, teamId, titleId, heading: Heading, className }: ProFeatureUpgradeProps) {
  const owner = upgradeDecision(payment, userId) === 'offer-upgrade';
  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col items-center gap-3 text-center', className)}>
      {owner ? <Crown aria-hidden="true" className="h-6 w-6 text-amber-600" /> : <ShieldAlert aria-hidden="true" className="h-6 w-6 text-slate-600" />}
      <Heading id={titleId} className={cn('font-semibold text-slate-900', Heading === 'h2' ? 'text-lg' : 'text-base')}>
        {owner ? 'Upgrade Your Team' : 'Team Upgrade Needed'}
      </Heading>
      <p className="text-sm text-slate-700">{payment.message}</p>
      {owner ? (
        <Link to={upgradePath(teamId)} className={buttonClasses('primary', 'md')}>
          {`Upgrade to ${payment.requiredPlan === 'pro' ? 'Pro' : 'Enterprise'}`}
        </Link>
      ) : (
        <p className="text-sm text-slate-700">Please ask the team owner to upgrade.</p>
      )}
    </section>
  );
}
