import { PLAN_OFFERS, type Plan } from '@planline/domain';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

const CALL_TO_ACTION: Record<Plan, string> = {
  free: 'Start for Free',
  pro: 'Choose Pro',
  enterprise: 'Choose Enterprise',
};

const HIGHLIGHTED: Plan = 'pro';

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="pricing-heading" className="text-center text-3xl font-bold text-slate-900">
        Simple, transparent pricing
      </h2>
      <p className="mt-3 text-center text-slate-600">Start free. New teams get a 7-day free trial.</p>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {PLAN_OFFERS.map((offer) => {
          const highlighted = offer.plan === HIGHLIGHTED;
          return (
            <article
              key={offer.plan}
              aria-labelledby={`plan-${offer.plan}`}
              className={cn(
                'relative flex flex-col rounded-xl border bg-white p-6 shadow-sm',
                highlighted ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200',
              )}
            >
              {highlighted ? (
                <span className="absolute -top-3 left-6 rounded-full bg-blue-600 px-3 py-0.5 text-xs font-semibold text-white">
                  Most popular
                </span>
              ) : null}
              <h3 id={`plan-${offer.plan}`} className="text-lg font-semibold text-slate-900">
                {offer.title}
              </h3>
              <p className="mt-3">
                <span className="text-4xl font-bold text-slate-900">${offer.priceUsdPerMonth}</span>{' '}
                <span className="text-sm text-slate-600">{offer.priceNote}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-2">
                {offer.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
                    <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Link
                to={`/auth?plan=${offer.plan}`}
                className={buttonClasses(highlighted ? 'primary' : 'outline', 'md', 'mt-8 w-full')}
              >
                {CALL_TO_ACTION[offer.plan]}
              </Link>
            </article>
          );
        })}
      </div>
    </section>
  );
}
