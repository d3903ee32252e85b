import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** A plan's contents as the pricing section lists them: a green check before each line. */
export function PlanFeatureList({ features, className }: { features: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-2', className)}>
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
          <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
