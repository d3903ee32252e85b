import { planOffer, type Plan } from '@planline/domain';

/** The paid plan chosen on the landing page, restated before the user commits to it. */
export function SelectedPlanNote({ plan }: { plan: Plan }) {
  if (plan === 'free') return null;
  const offer = planOffer(plan);
  return (
    <p className="rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm font-medium text-blue-800">
      Selected: {offer.title} Plan (${offer.priceUsdPerMonth}/month)
    </p>
  );
}
