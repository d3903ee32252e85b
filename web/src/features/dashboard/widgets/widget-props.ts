import type { Project, Task, TeamMember, WeeklyReport, WidgetSize } from '@planline/domain';
import type { UseQueryResult } from '@tanstack/react-query';

/** What every widget reads: the reads are shared, so two widgets of one kind cost one request. */
export interface DashboardData {
  project: Project | null;
  /** The viewer's calendar day, 'yyyy-MM-dd', and the current instant (ISO): rules never read the clock. */
  today: string;
  now: string;
  tasks: UseQueryResult<Task[]>;
  /** Null when the project is not seen through a team (a guest's shared project). */
  members: UseQueryResult<TeamMember[]> | null;
  reports: UseQueryResult<WeeklyReport[]>;
  /** 'View All Tasks' and 'View Full Gantt Chart' switch the workspace to the Gantt view. */
  openGantt: () => void;
}

export interface WidgetProps {
  size: WidgetSize;
  data: DashboardData;
}
