import { cn } from '../../../lib/cn';
import { projectStatusColor, STATUS_DOT_CLASSES } from '../project-status';

export function ProjectStatusDot({ status, className }: { status: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-color={projectStatusColor(status)}
      className={cn('inline-block h-2.5 w-2.5 shrink-0 rounded-full', STATUS_DOT_CLASSES[projectStatusColor(status)], className)}
    />
  );
}
