import { planOffer, type PaymentRequired } from '@planline/domain';
import { toast } from '../../lib/toast.store';

export type UpgradeDecision = 'offer-upgrade' | 'ask-owner';

/** [plan-limit-owner] PRODUCT-SPEC §6: only the team owner is offered the upgrade; others ask the owner. */
export function upgradeDecision(payment: PaymentRequired, userId: string): UpgradeDecision {
  return payment.teamOwnerId === userId ? 'offer-upgrade' : 'ask-owner';
}

export function upgradePath(teamId: string): string {
  return `/upgrade?teamId=${encodeURIComponent(teamId)}`;
}

/** The owner's confirm text: the server's reason, then what the required plan costs and adds. */
export function upgradeQuestion(payment: PaymentRequired): string {
  const offer = planOffer(payment.requiredPlan);
  const adds =
    payment.requiredPlan === 'pro'
      ? 'unlimited projects and up to 5 team members'
      : 'unlimited projects and team members';
  const price = `$${offer.priceUsdPerMonth} per month`;
  return `${payment.message}\n\nUpgrade this team to ${offer.title} (${price}) for ${adds}?`;
}

export const ASK_OWNER_TITLE = 'Team Upgrade Needed';
export const ASK_OWNER_TEXT = 'This team has reached the limit of its plan. Please ask the team owner to upgrade.';

/**
 * The upgrade prompt every 402 leads to: the owner confirms and goes to /upgrade?teamId=; anyone else is told
 * to ask the owner.
 */
export function promptUpgrade(
  payment: PaymentRequired,
  { userId, teamId, navigate }: { userId: string; teamId: string; navigate: (path: string) => void },
): void {
  if (upgradeDecision(payment, userId) === 'offer-upgrade') {
    if (window.confirm(upgradeQuestion(payment))) navigate(upgradePath(teamId));
    return;
  }
  toast({ title: ASK_OWNER_TITLE, description: ASK_OWNER_TEXT, variant: 'destructive' });
}
