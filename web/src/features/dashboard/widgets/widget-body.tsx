import type { WidgetType } from '@planline/domain';
import type { ComponentType } from 'react';
import { GanttPreviewWidget } from './gantt-preview-widget';
import { ProgressChartWidget } from './progress-chart-widget';
import { ProjectStatsWidget } from './project-stats-widget';
import { RecentTasksWidget } from './recent-tasks-widget';
import { TeamActivityWidget } from './team-activity-widget';
import { UpcomingTasksWidget } from './upcoming-tasks-widget';
import type { WidgetProps } from './widget-props';

/** The component of each widget type (PRODUCT-SPEC §2 "Dashboard widgets"). */
export const WIDGET_COMPONENTS: Record<WidgetType, ComponentType<WidgetProps>> = {
  'project-stats': ProjectStatsWidget,
  'task-list': RecentTasksWidget,
  'gantt-preview': GanttPreviewWidget,
  'team-activity': TeamActivityWidget,
  'progress-chart': ProgressChartWidget,
  'upcoming-tasks': UpcomingTasksWidget,
};
