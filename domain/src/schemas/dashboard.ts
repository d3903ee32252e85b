import { z } from 'zod';
import { widgetSizeSchema, widgetTypeSchema, type WidgetSize, type WidgetType } from './enums.js';

export const DASHBOARD_COLUMNS = 3;
export const DASHBOARD_MAX_WIDGETS = 24;

/** Titles of the widget types (PRODUCT-SPEC §2 "Dashboard widgets") and the size each starts at. */
export const WIDGET_CATALOGUE: Record<WidgetType, { title: string; defaultSize: WidgetSize }> = {
  'project-stats': { title: 'Project Statistics', defaultSize: 'small' },
  'task-list': { title: 'Recent Tasks', defaultSize: 'medium' },
  'gantt-preview': { title: 'Gantt Chart Preview', defaultSize: 'large' },
  'team-activity': { title: 'Team Activity', defaultSize: 'medium' },
  'progress-chart': { title: 'Progress Chart', defaultSize: 'medium' },
  'upcoming-tasks': { title: 'Upcoming Tasks', defaultSize: 'small' },
};

/** Grid columns a widget spans: small 1, medium 2, large 3. */
export const WIDGET_SPAN: Record<WidgetSize, number> = { small: 1, medium: 2, large: 3 };

export const widgetSchema = z.object({
  id: z.string({ error: 'Each widget needs an id' }).min(1, 'Each widget needs an id').max(64, 'Widget ids are at most 64 characters'),
  type: z.enum(widgetTypeSchema.options, {
    error: `Widget type must be one of ${widgetTypeSchema.options.join(', ')}`,
  }),
  title: z.string({ error: 'Each widget needs a title' }).trim().min(1, 'Each widget needs a title').max(100, 'Widget titles are at most 100 characters'),
  size: z.enum(widgetSizeSchema.options, { error: 'Widget size must be small, medium or large' }),
  position: z.object({ x: z.number().int().min(0), y: z.number().int().min(0) }),
});
export type Widget = z.infer<typeof widgetSchema>;

export const dashboardLayoutSchema = z
  .array(widgetSchema, { error: 'Layout must be a list of widgets' })
  .max(DASHBOARD_MAX_WIDGETS, `A dashboard holds at most ${DASHBOARD_MAX_WIDGETS} widgets`)
  .refine((widgets) => new Set(widgets.map((w) => w.id)).size === widgets.length, {
    message: 'Each widget can appear only once in a layout',
  });

/** POST /api/dashboard-config: the layout of one user's dashboard, for one project or (null) in general. */
export const saveDashboardInputSchema = z.object({
  layout: dashboardLayoutSchema,
  projectId: z.uuid({ error: 'Project is not valid' }).nullable().optional(),
});
export type SaveDashboardInput = z.infer<typeof saveDashboardInputSchema>;

export const dashboardConfigSchema = z.object({
  projectId: z.uuid().nullable(),
  layout: z.array(widgetSchema),
  /** True when nothing was saved yet and this is the default layout. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type DashboardConfig = z.infer<typeof dashboardConfigSchema>;

/** [widget-layout] Positions follow the order: column = index mod 3, row = floor(index / 3). */
export function withPositions<T extends Omit<Widget, 'position'>>(widgets: readonly T[]): (T & Pick<Widget, 'position'>)[] {
  return widgets.map((w, index) => ({ ...w, position: { x: index % DASHBOARD_COLUMNS, y: Math.floor(index / DASHBOARD_COLUMNS) } }));
}

/** [default-layout] Project Statistics small, Recent Tasks medium, Gantt Chart Preview large. */
export function defaultDashboardLayout(): Widget[] {
  return withPositions(
    (['project-stats', 'task-list', 'gantt-preview'] as const).map((type) => ({
      id: type,
      type,
      title: WIDGET_CATALOGUE[type].title,
      size: WIDGET_CATALOGUE[type].defaultSize,
    })),
  );
}
