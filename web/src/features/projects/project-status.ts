import { PROJECT_STATUSES, type ProjectStatus } from '@planline/domain';

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  'on-hold': 'On Hold',
};

export type StatusColor = 'green' | 'blue' | 'yellow' | 'grey';

/** [project-status-colors] PRODUCT-SPEC §4: active green, completed blue, on-hold yellow, any other grey. */
export function projectStatusColor(status: string): StatusColor {
  switch (status) {
    case 'active':
      return 'green';
    case 'completed':
      return 'blue';
    case 'on-hold':
      return 'yellow';
    default:
      return 'grey';
  }
}

export const STATUS_DOT_CLASSES: Record<StatusColor, string> = {
  green: 'bg-green-500',
  blue: 'bg-blue-500',
  yellow: 'bg-yellow-400',
  grey: 'bg-slate-400',
};

export function projectStatusLabel(status: string): string {
  return (PROJECT_STATUSES as readonly string[]).includes(status)
    ? PROJECT_STATUS_LABELS[status as ProjectStatus]
    : status;
}
