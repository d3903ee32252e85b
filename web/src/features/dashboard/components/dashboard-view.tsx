import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import {
  addWidget,
  canAddWidget,
  defaultDashboardLayout,
  moveWidget,
  removeWidget,
  resizeWidget,
  withPositions,
  type Project,
  type Widget,
  type WidgetType,
} from '@planline/domain';
import { LayoutDashboard, Settings2, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useWeeklyReports } from '../../reports';
import { useTeamMembers } from '../../teams';
import { useWorkspaceUi } from '../../../app/workspace-ui.store';
import { useSaveDashboardLayout } from '../dashboard.api';
import { useDashboardConfig, useWidgetTasks } from '../dashboard.queries';
import { useNow, useToday } from '../../../lib/use-today';
import { WIDGET_COMPONENTS } from '../widgets/widget-body';
import type { DashboardData } from '../widgets/widget-props';
import { AddWidgetMenu } from './add-widget-menu';
import { DashboardWidget, WidgetDragPreview } from './dashboard-widget';
import { gridKeyboardCoordinates, widgetCollisions } from './grid-keyboard';

const TASK_WIDGETS: ReadonlySet<WidgetType> = new Set(['project-stats', 'task-list', 'gantt-preview', 'upcoming-tasks']);

/** Sortable items stay where they are during a drag (see DashboardWidget); only the preview moves. */
const staticStrategy = () => null;

interface DashboardViewProps {
  projectId: string | null;
  /** The team the project is seen through; null for a guest's shared project (no team members to show). */
  teamId: string | null;
  project: Project | null;
}

/**
 * The Dashboard view (PRODUCT-SPEC §2): the user's widgets for a project in a 3-column grid. 'Customize' starts
 * a draft the user reorders, resizes, removes from and adds to; 'Save Layout' saves it, 'Cancel' drops it.
 * The saved layout lives in the query cache, where a save from another tab lands too: while a draft exists
 * the view shows the draft, so a layout saved elsewhere replaces the view only outside customise mode.
 */
export function DashboardView({ projectId, teamId, project }: DashboardViewProps) {
  const config = useDashboardConfig(projectId);
  const save = useSaveDashboardLayout(projectId);
  const setView = useWorkspaceUi((state) => state.setView);
  const today = useToday();
  const now = useNow();
  const [draft, setDraft] = useState<Widget[] | null>(null);
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const [focusWidgetId, setFocusWidgetId] = useState<string | null>(null);
  const addWidgetButton = useRef<HTMLButtonElement>(null);
  const customizeButton = useRef<HTMLButtonElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);

  const editing = draft !== null;
  const saved = config.data?.layout ?? (config.isError ? defaultDashboardLayout() : null);
  const layout = draft ?? saved;

  const types = useMemo(() => new Set(layout?.map((w) => w.type) ?? []), [layout]);
  const tasks = useWidgetTasks(projectId, [...TASK_WIDGETS].some((t) => types.has(t)), project);
  const members = useTeamMembers(types.has('team-activity') ? teamId : null);
  const reports = useWeeklyReports(projectId, types.has('progress-chart'));

  // Keyboard users keep their place: a new widget's handle takes focus; leaving customise mode returns focus to
  // 'Customize'.
  useEffect(() => {
    if (!focusWidgetId) return;
    // After the Add Widget menu has closed: while open it keeps focus inside itself.
    const timer = setTimeout(() => {
      const handle = gridRef.current?.querySelector<HTMLElement>(`[data-widget-id="${CSS.escape(focusWidgetId)}"] header button`);
      handle?.focus({ preventScroll: true });
      handle?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      setFocusWidgetId(null);
    }, 0);
    return () => clearTimeout(timer);
  }, [focusWidgetId]);
  useEffect(() => {
    if (wasEditing.current && !editing && gridRef.current?.contains(document.activeElement) === false) {
      customizeButton.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: gridKeyboardCoordinates }),
  );

  if (config.isPending || !layout) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading dashboard" />
      </div>
    );
  }

  const data: DashboardData = {
    project,
    today,
    now,
    tasks,
    members: teamId ? members : null,
    reports,
    openGantt: () => setView('gantt'),
  };

  const titleOf = (id: UniqueIdentifier | undefined) => layout.find((w) => w.id === id)?.title ?? 'widget';
  const positionOf = (id: UniqueIdentifier) => layout.findIndex((w) => w.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${layout.length}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? `${titleOf(active.id)} would move to position ${positionOf(over.id)} of ${layout.length}, where ${titleOf(over.id)} is.`
        : `${titleOf(active.id)} stays in position ${positionOf(active.id)}.`,
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `${titleOf(active.id)} moved to position ${positionOf(over.id)} of ${layout.length}.`
        : `${titleOf(active.id)} stays in position ${positionOf(active.id)}.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => setActiveId(active.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (over && active.id !== over.id) setDraft((current) => current && moveWidget(current, String(active.id), String(over.id)));
  };

  const onAdd = (type: WidgetType) => {
    if (!draft) return;
    const result = addWidget(draft, type);
    if (!result.ok) return;
    setDraft(result.layout);
    setFocusWidgetId(result.widget.id);
  };

  const onSave = async () => {
    if (!draft) return;
    try {
      await save.mutateAsync(withPositions(draft));
      setDraft(null);
    } catch (err) {
      if (isUnauthorizedError(err)) {
        // PRODUCT-SPEC §8: the dashboard save sends the user to /auth rather than /api/login.
        handleUnauthorized('/auth');
        return;
      }
      const message = serverMessage(err);
      toast({
        title: 'Error',
        description: message ? `Failed to save dashboard layout. ${message}` : 'Failed to save dashboard layout',
        variant: 'destructive',
      });
    }
  };

  const activeWidget = activeId ? layout.find((w) => w.id === activeId) : undefined;

  return (
    <section aria-labelledby="dashboard-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="dashboard-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <LayoutDashboard aria-hidden="true" className="h-5 w-5 text-slate-500" />
            Dashboard
          </h2>
          <p className="truncate text-sm text-slate-600">
            {editing
              ? 'Drag widgets by their handle (or press Space on it, then the arrow keys) to reorder them. Change sizes, remove or add widgets, then save.'
              : (project?.name ?? 'No project selected')}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {editing ? (
            <>
              <AddWidgetMenu onAdd={onAdd} present={types} disabled={!canAddWidget(draft) || save.isPending} triggerRef={addWidgetButton} />
              <Button variant="outline" size="sm" onClick={() => setDraft(null)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button size="sm" onClick={() => void onSave()} disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save Layout'}
              </Button>
            </>
          ) : (
            <button type="button" ref={customizeButton} className={buttonClasses('outline', 'sm')} onClick={() => setDraft(layout)}>
              <Settings2 aria-hidden="true" className="h-4 w-4" />
              Customize
            </button>
          )}
        </div>
      </div>

      {config.isError && !editing ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="flex-1">Your saved layout couldn't be loaded, so the default layout is shown.</span>
          <Button variant="outline" size="sm" onClick={() => void config.refetch()} disabled={config.isFetching}>
            {config.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </div>
      ) : null}

      {layout.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <LayoutDashboard aria-hidden="true" className="h-8 w-8 text-slate-300" />
          <p className="text-sm text-slate-600">
            {editing ? 'No widgets yet. Use Add Widget to put some on your dashboard.' : 'Your dashboard is empty. Choose Customize to add widgets.'}
          </p>
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={widgetCollisions}
          accessibility={{ announcements }}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActiveId(null)}
        >
          <SortableContext items={layout.map((w) => w.id)} strategy={staticStrategy}>
            <div ref={gridRef} className="grid grid-cols-1 gap-4 md:grid-cols-3">
              {layout.map((widget) => {
                const Body = WIDGET_COMPONENTS[widget.type];
                return (
                  <DashboardWidget
                    key={widget.id}
                    widget={widget}
                    editing={editing}
                    onResize={(size) => setDraft((current) => current && resizeWidget(current, widget.id, size))}
                    onRemove={() => {
                      setDraft((current) => current && removeWidget(current, widget.id));
                      addWidgetButton.current?.focus();
                    }}
                  >
                    <Body size={widget.size} data={data} />
                  </DashboardWidget>
                );
              })}
            </div>
          </SortableContext>
          <DragOverlay dropAnimation={null}>{activeWidget ? <WidgetDragPreview widget={activeWidget} /> : null}</DragOverlay>
        </DndContext>
      )}
    </section>
  );
}
