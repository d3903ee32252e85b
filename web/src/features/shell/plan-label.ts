import type { PublicUser } from '@planline/domain';

/** The plan badge text of PRODUCT-SPEC §2: the uppercased plan, FREE when unknown, then 'Plan'. */
export function planBadgeText(user: Pick<PublicUser, 'currentPlan'> | null | undefined): string {
  return `${(user?.currentPlan ?? 'free').toUpperCase()} Plan`;
}
