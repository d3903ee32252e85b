import { cn } from '../../lib/cn';

/** A thin horizontal bar with its value for assistive technology. */
export function ProgressBar({ value, label, className, barClassName }: { value: number; label: string; className?: string; barClassName?: string }) {
  const clamped = Math.min(Math.max(Math.round(value), 0), 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div className={cn('h-full rounded-full bg-blue-600 transition-[width]', barClassName)} style={{ width: `${clamped}%` }} />
    </div>
  );
}
