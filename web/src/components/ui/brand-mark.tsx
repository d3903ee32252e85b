import { ChartGantt } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The product name with its mark, as every header shows it; `compact` keeps only the mark below md. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 text-xl font-bold text-slate-900">
      <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-blue-600 text-white">
        <ChartGantt aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className={cn(compact && 'hidden md:inline')}>Planline</span>
    </span>
  );
}
