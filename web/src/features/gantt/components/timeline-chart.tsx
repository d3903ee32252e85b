import {
  dateAtOffset,
  dayWidth,
  daysBetween,
  headerCells,
  headerViewFor,
  nonWorkingRuns,
  placeholderRows,
  rangeContains,
  rangeDayCount,
  ZOOM_MAX,
  ZOOM_MIN,
  type PlaceholderRow as PlaceholderRowData,
  type RangeKind,
  type TimelineHeader,
} from '@planline/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { format } from 'date-fns';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { ProjectConnection } from '../connection/project-connection';
import { ShownBaselineProvider } from '../model/baseline';
import { NO_OVER_ALLOCATION, overAllocatedRows } from '../model/over-allocation';
import { useOverAllocation } from '../model/use-over-allocation';
import { pastAsBaseline, usePastPlan } from '../model/past-plan';
import { planSpan } from '../model/task-changes';
import { useChartBaseline } from '../model/use-chart-baseline';
import { useServerPicture } from '../model/server-picture';
import { centreScrollLeft, shownTimeline, useTimelineView } from '../model/timeline-view.store';
import { useWorkCalendar } from '../model/work-calendar';
import { BaselineControl } from './baseline-control';
import { ResolveOverAllocationButton } from './leveling-dialog';
import { LevelGhostsContext } from './leveling-ghost';
import { NO_LEVEL_GHOSTS, type LevelGhosts } from '../model/leveling';
import { DependencyOverlay } from './dependency-overlay';
import { ARROW_BLOCK_ROWS, CHART_MAX_HEIGHT, HEADER_HEIGHT_PX, OVERSCAN_ROWS, ROW_HEIGHT_PX } from './layout';
import { PlaceholderRow } from './placeholder-row';
import { ROW_NAME_ATTRIBUTE } from './row-drag';
import { CALENDAR_ATTR, calendarText, EDITABLE_ATTR, ZOOM_ATTR } from '../../../lib/early-drop';
import { PAST_PLAN_ATTR, rememberScreen, takePaintedScroll } from '../../../lib/first-screen';
import { SKIP_TARGET_IDS } from '../../../lib/skip-targets';
import { TaskRow } from './task-row';
import { TimelineContext, useTimeline, type Person, type TimelineContextValue } from './timeline-context';
import { TimelineDateHeader, TimelineGrid, type DayRuns } from './timeline-header';
import { HistoryButton, NO_TIME_TRAVEL, TimeTravelPanel, type TimeTravel } from './time-travel-control';
import { MoveNotesContext } from './move-note';
import { OverAllocatedOnlyButton } from './over-allocated-filter';
import { OverAllocationContext } from './over-allocation-marker';
import { OutlineButtons } from './outline-actions';
import { usePastView } from './past-view';
import { FindButton, TaskFind, useChartFind } from './task-find';
import { TimelineToolbar } from './timeline-toolbar';
import { useEarlyDrops } from './use-early-drops';
import { GridBulkBar, handleGridPaste } from '../../grid/commands';
import { GridColumnsMenu } from '../../grid/components/grid-columns-menu';
import { GridContext, useGrid } from '../../grid/components/grid-context';
import { gridSelectionStore } from '../../grid/model/grid-selection.store';
import { useTaskGrid } from '../../grid/components/use-task-grid';
import { GridViewControls, onlyTasksIn, type ChartRow } from '../../grid';
import { useViewRows } from '../model/use-view-rows';
import { GroupHeader } from './group-header';

interface TimelineChartProps {
  connection: ProjectConnection;
  today: string;
  people: ReadonlyMap<string, Person>;
  readOnly: boolean;
  /**
   * [workload-overload] The project's team, whose workload marks over-allocated bars; null shows no marks (a
   * guest, a personal project).
   */
  teamId: string | null;
  /** May save and delete baselines (the project's team; guests only choose one to show). */
  canSaveBaselines: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  openDetails: (taskId: string) => void;
  askDelete: (taskId: string) => void;
  createFromPlaceholder: (row: PlaceholderRowData) => void;
  /** A task to scroll into view once it has a row (a task just created). */
  revealTaskId: string | null;
  onRevealed: () => void;
  /** Rendered in the card's title bar, before the toolbar. */
  title: ReactNode;
}

/** The scroll area's width, which the name column and the rows' timeline part share. */
function useChartWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  // The server has no layout: it draws at the width the browser last measured (src/entry-server.tsx).
  const serverWidth = useServerPicture()?.chartWidth ?? 0;
  const [width, setWidth] = useState(serverWidth);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      // For the server's picture of the next first visit on this device (src/entry-server.tsx).
      rememberScreen(el.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The Gantt chart: toolbar, date header, virtualised rows (tasks, then placeholders up to 10), today marker and
 * dependency arrows. Rows are absolutely placed by @tanstack/react-virtual; only the rows on screen exist.
 */
export function TimelineChart(props: TimelineChartProps) {
  const { today, people, askDelete, createFromPlaceholder } = props;
  // [time-travel] With an instant set, the chart shows the plan then, read-only, from a store of its own (or,
  // comparing, today's plan with the past dates drawn under it as a baseline is).
  const [travel, setTravel] = useState<TimeTravel>(NO_TIME_TRAVEL);
  useEffect(() => setTravel(NO_TIME_TRAVEL), [props.connection.projectId]);
  const past = usePastPlan(props.connection.projectId, travel.at);
  const pastStore = travel.at !== null && !travel.compare ? past.store : null;
  const connection = useMemo(() => (pastStore ? { ...props.connection, tasks: pastStore } : props.connection), [props.connection, pastStore]);
  const readOnly = props.readOnly || travel.at !== null;
  // Drags made on the first screen's picture before the chart was live.
  useEarlyDrops(props.connection, props.readOnly);
  // Who moved each bar since, the task as it was, and restoring it or the whole plan (people who may edit only).
  const pastView = usePastView({ connection: props.connection, travel, setTravel, pastTasks: past.tasks, canRestore: !props.readOnly });
  // A bar of the past plan opens the task as it was, not today's editor.
  const openDetails = pastStore ? pastView.openTask : props.openDetails;
  const historyPanelId = useId();
  const comparedWith = useMemo(
    () => (travel.at && travel.compare && past.tasks ? pastAsBaseline(past.tasks, `as of ${format(Date.parse(travel.at), 'd MMM HH:mm')}`) : null),
    [travel.at, travel.compare, past.tasks],
  );
  const allRows = useStore(connection.tasks, (s) => s.rows);
  const baseline = useChartBaseline(connection.projectId);
  // [grid-rows] The grid view's filter, sort and grouping (issue 39); Late only is its late-against-baseline filter.
  const viewed = useViewRows(connection, people, baseline.shown);
  // [workload-overload] Bars whose assignee is over-allocated, by the team's workload now (not in a past plan).
  const workload = useOverAllocation(props.teamId, props.connection.tasks);
  // [leveling-dialog] The moves "Resolve over-allocation" previews, drawn as ghost bars while its dialog is open.
  const [levelGhosts, setLevelGhosts] = useState<LevelGhosts>(NO_LEVEL_GHOSTS);
  const marks = travel.at === null ? workload.marks : NO_OVER_ALLOCATION;
  const overAllocatedOnly = useTimelineView((s) => s.overAllocatedOnly) && workload.available && travel.at === null;
  const rows = useMemo(() => (overAllocatedOnly ? overAllocatedRows(viewed.taskIds, marks) : viewed.taskIds), [overAllocatedOnly, viewed.taskIds, marks]);
  const items = useMemo(() => (rows === viewed.taskIds ? viewed.items : onlyTasksIn(viewed.items, rows)), [rows, viewed.items, viewed.taskIds]);
  const filtered = rows !== allRows;
  const lateShown = viewed.view.filter.lateAgainstBaseline;
  const placeholders = useMemo(() => (filtered ? [] : placeholderRows(rows.length, today)), [filtered, rows.length, today]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // The rows' virtualizer reads its scroll element in a layout effect, which runs before this component's ref
  // is attached: without a render after the attach (a width change used to give one, but not when the chart is
  // narrower than the name column) no row would ever be drawn. State brings that render.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const attachScroll = useCallback((el: HTMLDivElement | null) => {
    scrollRef.current = el;
    setScrollElement(el);
  }, []);
  const chartWidth = useChartWidth(scrollRef);
  const calendar = useWorkCalendar();
  // [chart-find] A found task's row is scrolled into view as a new task's is; the grid's cursor brings its row the same way.
  const [foundId, setFoundId] = useState<string | null>(null);
  const revealRow = useCallback((taskId: string) => {
    const el = scrollRef.current;
    const row = el?.querySelector(`[data-task-row="${CSS.escape(taskId)}"]`);
    if (el && row) {
      const box = row.getBoundingClientRect();
      const view = el.getBoundingClientRect();
      if (box.top >= view.top + HEADER_HEIGHT_PX && box.bottom <= view.bottom) return;
    }
    setFoundId(taskId);
  }, []);
  // [grid-layout] The task list: the row number and the person's columns (the name alone by default), then the bars.
  const grid = useTaskGrid({
    connection,
    readOnly,
    chartWidth,
    rows,
    people,
    calendar,
    today,
    baseline: comparedWith ?? baseline.shown,
    openDetails,
    reveal: revealRow,
    scrollRef,
  });
  const nameColumnPx = grid.context.layout.listPx;
  const viewportWidth = Math.max(0, chartWidth - nameColumnPx);
  const view = useTimelineView(useShallow((s) => ({ rangeKind: s.rangeKind, zoom: s.zoom, fit: s.fit, anchor: s.anchor })));
  const actions = useTimelineView(
    useShallow((s) => ({ setRangeKind: s.setRangeKind, zoomIn: s.zoomIn, zoomOut: s.zoomOut, fitTo: s.fitTo, showToday: s.showToday })),
  );
  const showCriticalPath = useTimelineView((s) => s.showCriticalPath);
  const toggleCriticalPath = useTimelineView((s) => s.toggleCriticalPath);
  // The plan's first and last days: the chart leaves room around them (withPlanRoom).
  const allTasks = useStore(connection.tasks, (s) => s.tasks);
  const plan = useMemo(() => planSpan(allTasks), [allTasks]);
  const { range, zoom, kind } = shownTimeline(view, today, viewportWidth, plan);
  const dw = dayWidth(zoom);
  const timelineWidth = Math.max(rangeDayCount(range) * dw, viewportWidth);
  // `range` is a new object every render: the memos below depend on its dates.
  const header = useMemo(
    () => headerCells(headerViewFor(kind, range, dw), range, today, dw, calendar.isWorkingDay),
    [kind, range.start, range.end, dw, today, calendar],
  );
  const nonWorking = useMemo(() => nonWorkingRuns(range, calendar.isWorkingDay), [range.start, range.end, calendar]);

  // Zooming keeps the day in the middle of the chart where it was (counted from the range's start, which moves
  // when zooming out widens the range).
  const previous = useRef({ dw, start: range.start });
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const before = previous.current;
    previous.current = { dw, start: range.start };
    if (!el || before.dw === dw || viewportWidth <= 0) return;
    const centerDay = (el.scrollLeft + viewportWidth / 2) / before.dw + daysBetween(range.start, before.start);
    el.scrollLeft = Math.max(0, centerDay * dw - viewportWidth / 2);
  }, [dw, viewportWidth]);

  // Today brings today to the middle (or the range's start when today is outside), as the chart opens; a range
  // button keeps the day that was in the middle there (the anchor); Fit shows the plan from its start (whole, but
  // for a plan too long even at the smallest zoom).
  const [todayRequests, setTodayRequests] = useState(0);
  const measured = viewportWidth > 0;
  const shownFit = useRef(view.fit);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !measured) return;
    const fitPressed = view.fit !== null && view.fit !== shownFit.current;
    shownFit.current = view.fit;
    // A return visit painted this chart as the person left it (src/first-screen.ts): the live one opens there too.
    const painted = todayRequests === 0 ? takePaintedScroll(connection.projectId) : null;
    if (painted) {
      el.scrollTop = painted.top;
      el.scrollLeft = painted.left;
      return;
    }
    el.scrollLeft = fitPressed ? 0 : centreScrollLeft(range, view.anchor ?? today, dw, viewportWidth);
    // Not on zoom or width changes (nor the range widening with them): those keep the centre (above) rather than
    // jumping back to today.
  }, [todayRequests, view.rangeKind, view.anchor, view.fit, measured]);

  const barHelpId = useId();
  const rowHelpId = useId();
  const context = useMemo<TimelineContextValue>(
    () => ({ connection, range, zoom, timelineWidth, nameColumnPx, readOnly, people, openDetails, askDelete, createFromPlaceholder, barHelpId, rowHelpId, rowOrderLocked: viewed.rowOrderLocked }),
    [connection, range.start, range.end, zoom, timelineWidth, nameColumnPx, readOnly, people, openDetails, askDelete, createFromPlaceholder, barHelpId, rowHelpId, viewed.rowOrderLocked],
  );

  const onToday = () => {
    actions.showToday(today);
    setTodayRequests((n) => n + 1);
  };
  // [timeline-range-position] The day in the middle of the chart stays there.
  const onRange = (next: RangeKind) => {
    const el = scrollRef.current;
    actions.setRangeKind(next, el && viewportWidth > 0 ? dateAtOffset(el.scrollLeft + viewportWidth / 2, range, zoom) : null);
  };
  const onFit = () => actions.fitTo([...connection.tasks.getState().tasks.values()], viewportWidth);

  // [chart-find] A found task's row is scrolled into view as a new task's is, and its bar brought across when off
  // screen (when the range holds it).
  const find = useChartFind();
  const onFound = useCallback(() => setFoundId(null), []);
  const goToFound = (taskId: string) => {
    setFoundId(taskId);
    const el = scrollRef.current;
    const task = connection.tasks.getState().tasks.get(taskId);
    if (!el || !task || !rangeContains(range, task.startDate)) return;
    const barLeft = daysBetween(range.start, task.startDate) * dw;
    const offScreen = barLeft < el.scrollLeft || barLeft > el.scrollLeft + viewportWidth - dw;
    if (offScreen) el.scrollLeft = Math.max(0, barLeft - viewportWidth / 4);
  };
  const shownRows = useMemo(() => (filtered ? new Set(rows) : null), [filtered, rows]);

  // [grid-commands] A paste into the list (not on a bar) fills the grid's cells from the cursor, or adds rows.
  const inRowName = (target: EventTarget) => (target as HTMLElement).closest(`[${ROW_NAME_ATTRIBUTE}]`) !== null;
  const findControl = find.open ? (
    <TaskFind
      connection={connection}
      inputRef={find.inputRef}
      onGoTo={goToFound}
      filteredOut={(id) => shownRows !== null && !shownRows.has(id)}
      onClose={find.close}
    />
  ) : (
    <FindButton onOpen={find.show} buttonRef={find.buttonRef} />
  );

  return (
    <TimelineContext.Provider value={context}>
      <GridContext.Provider value={grid.context}>
      {/* Ctrl+F in the toolbar or the rows opens the chart's find. */}
      <div onKeyDown={find.onKeyDown} className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2 sm:gap-3 sm:px-4 sm:py-3">
        {props.title}
        <TimelineToolbar
          rangeKind={view.fit ? null : view.rangeKind}
          onRange={onRange}
          canZoomIn={zoom < ZOOM_MAX}
          canZoomOut={zoom > ZOOM_MIN}
          onZoomIn={() => actions.zoomIn(zoom)}
          onZoomOut={() => actions.zoomOut(zoom)}
          onFit={onFit}
          fitActive={view.fit !== null}
          canFit={rows.length > 0}
          onToday={onToday}
          criticalPath={showCriticalPath}
          onCriticalPath={toggleCriticalPath}
          canUndo={props.canUndo && !readOnly}
          canRedo={props.canRedo && !readOnly}
          onUndo={props.onUndo}
          onRedo={props.onRedo}
          baseline={
            <BaselineControl
              projectId={connection.projectId}
              baseline={baseline}
              canSave={props.canSaveBaselines && !readOnly}
              late={lateShown ? { shown: viewed.matched, of: viewed.total } : null}
              filters={
                workload.available ? (
                  <OverAllocatedOnlyButton available={travel.at === null} shown={overAllocatedOnly ? rows.length : null} of={allRows.length} />
                ) : null
              }
            />
          }
          history={<HistoryButton travel={travel} onChange={setTravel} panelId={historyPanelId} />}
          outline={<OutlineButtons />}
          columns={<GridColumnsMenu projectId={connection.projectId} canEditFields={props.canSaveBaselines && !readOnly} />}
          leveling={props.teamId && !readOnly ? <ResolveOverAllocationButton connection={props.connection} teamId={props.teamId} people={people} onPreview={setLevelGhosts} /> : null}
          views={<GridViewControls projectId={connection.projectId} people={people} rows={viewed} canShare={props.canSaveBaselines} baselineShown={baseline.shown !== null} />}
          moreInUse={view.fit !== null || showCriticalPath || baseline.shown !== null || travel.open}
          find={findControl}
        />
      </div>
      {travel.open ? (
        <TimeTravelPanel
          id={historyPanelId}
          projectId={connection.projectId}
          travel={travel}
          onChange={setTravel}
          loading={travel.at !== null && !past.tasks && !past.error}
          failed={!!past.error}
          onRestorePlan={pastView.askRestorePlan}
        />
      ) : null}
      {pastView.dialogs}
      <p id={barHelpId} className="sr-only">
        Arrow keys move the task by a working day. Shift with an arrow key changes the end date. Alt with an arrow key changes
        progress by 10 percent. Enter opens the task details. Delete deletes the task. Control Z undoes your last change.
      </p>
      {grid.helpText}
      <GridBulkBar context={grid.context.controller.commandContext()} />
      <p id={rowHelpId} className="sr-only">
        Alt Shift Right arrow makes this task a subtask of the task above it. Alt Shift Left arrow moves it up a level.
      </p>
      <div
        ref={attachScroll}
        data-timeline-scroll
        // What a drag on the first screen's picture snaps to and lands on, and whether it takes one (lib/early-drag.ts).
        {...{ [ZOOM_ATTR]: zoom, [CALENDAR_ATTR]: calendarText(calendar) }}
        {...(readOnly ? {} : { [EDITABLE_ATTR]: '' })}
        // A landmark for the list of tasks and their bars (each row holds both), and the skip links' target.
        id={SKIP_TARGET_IDS.taskList}
        role="region"
        aria-label="Task list and timeline"
        onKeyDown={find.onKeyDown}
        onPaste={(event) => inRowName(event.target) && handleGridPaste(event, grid.context.controller.commandContext())}
        // The plan as it was: no picture of what the next visit opens (lib/first-screen.ts).
        {...(travel.at !== null ? { [PAST_PLAN_ATTR]: '' } : {})}
        // An opaque background lets Chromium composite the scroller: scrolling moves a layer instead of repainting
        // the page every frame (p95 frame 33 → 16.7 ms on 10,000 tasks, docs/benchmarks.md).
        className="relative isolate overflow-auto overscroll-contain bg-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
        style={{ maxHeight: CHART_MAX_HEIGHT }}
      >
        <TimelineDateHeader header={header} nonWorking={nonWorking} dayWidthPx={dw} timelineWidth={timelineWidth} nameColumnPx={nameColumnPx} list={grid.header} />
        <ShownBaselineProvider value={comparedWith ?? baseline.shown}>
          <MoveNotesContext.Provider value={pastView.notes}>
            <OverAllocationContext.Provider value={marks}>
            <LevelGhostsContext.Provider value={levelGhosts}>
            <TimelineRows
              scrollElement={scrollElement}
              rows={items}
              onToggleGroup={viewed.toggleGroup}
              placeholders={placeholders}
              header={header}
              nonWorking={nonWorking}
              dayWidthPx={dw}
              timelineWidth={timelineWidth}
              revealTaskId={foundId ?? props.revealTaskId}
              onRevealed={foundId ? onFound : props.onRevealed}
              filtered={filtered}
            />
            </LevelGhostsContext.Provider>
            </OverAllocationContext.Provider>
          </MoveNotesContext.Provider>
        </ShownBaselineProvider>
      </div>
      </GridContext.Provider>
    </TimelineContext.Provider>
  );
}

interface TimelineRowsProps {
  scrollElement: HTMLDivElement | null;
  /** Task ids, and group headers when the view groups. */
  rows: readonly ChartRow[];
  onToggleGroup: (key: string) => void;
  placeholders: readonly PlaceholderRowData[];
  header: TimelineHeader;
  nonWorking: DayRuns;
  dayWidthPx: number;
  timelineWidth: number;
  revealTaskId: string | null;
  onRevealed: () => void;
  /** Some rows are filtered out (Late only): row indexes are positions in `rows`, and the arrows are not drawn. */
  filtered: boolean;
}

/**
 * The rows on screen, the grid behind them and the dependency arrows between them. The virtualizer lives here so
 * that a scroll re-renders only this part: the toolbar and the date header stay as they are, and the grid and
 * the rows already on screen are memoised.
 */
function TimelineRows({ scrollElement, rows, onToggleGroup, placeholders, header, nonWorking, dayWidthPx, timelineWidth, revealTaskId, onRevealed, filtered }: TimelineRowsProps) {
  const { connection, nameColumnPx, readOnly } = useTimeline();
  const { layout, controller, headerRowId } = useGrid();
  const rowIndex = useStore(connection.tasks, (s) => s.rowIndex);
  const count = rows.length + placeholders.length;
  const picture = useServerPicture();
  const virtualizer = useVirtualizer({
    // On the server, the rows of a scroll area of the size the browser measured (there is no element to read).
    ...(picture ? { initialRect: { width: picture.chartWidth, height: picture.chartHeight } } : {}),
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin: HEADER_HEIGHT_PX,
    scrollPaddingStart: HEADER_HEIGHT_PX,
  });
  const items = virtualizer.getVirtualItems();
  const bodyHeight = count * ROW_HEIGHT_PX;
  // [grid-aria] The grid's one tab stop is the cursor's cell; with no cursor, or its row scrolled away (not drawn),
  // the first row drawn takes it, so Tab always reaches the grid.
  const cursorRow = useStore(gridSelectionStore, (s) => s.cursor?.taskId ?? null);
  // (A group's header is not a task row: the first task row drawn.)
  const firstTaskDrawn = items.map((item) => rows[item.index]).find((row): row is string => typeof row === 'string') ?? null;
  const stopRow = cursorRow !== null && items.some((item) => rows[item.index] === cursorRow) ? null : firstTaskDrawn;

  useEffect(() => {
    if (!revealTaskId) return;
    const index = filtered ? rows.indexOf(revealTaskId) : rowIndex.get(revealTaskId);
    if (index === undefined || index < 0) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    onRevealed();
  }, [revealTaskId, rowIndex, rows, filtered, virtualizer, onRevealed]);

  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  // The arrows are drawn for whole blocks of rows around those on screen: a scroll renders them again only as it
  // crosses into another block (every ~12 frames of a fast one), not on every frame it renders new rows.
  const arrowsFrom = Math.floor(first / ARROW_BLOCK_ROWS) * ARROW_BLOCK_ROWS;
  const arrowsTo = (Math.floor(last / ARROW_BLOCK_ROWS) + 1) * ARROW_BLOCK_ROWS - 1;
  return (
    <div data-timeline-body className="relative" style={{ height: bodyHeight, width: nameColumnPx + timelineWidth }}>
      <TimelineGrid header={header} nonWorking={nonWorking} dayWidthPx={dayWidthPx} timelineWidth={timelineWidth} nameColumnPx={nameColumnPx} height={bodyHeight} />
      {/* The arrows are placed by the unfiltered rows: with rows left out they would join the wrong bars. */}
      {filtered ? null : <DependencyOverlay firstRow={arrowsFrom} lastRow={arrowsTo} height={bodyHeight} />}
      {/* The rows over the arrows, in a grid of their own (a grid holds only its rows, not the arrows' group; its
          header row is the date header's, owned). It lets the pointer through where no row takes it, to the arrows
          under it. [grid-aria] One cell is the tab stop; the arrow keys move between cells (grid-controller.ts). */}
      <div
        // A tree grid: the grid pattern, with each row's outline level (aria-level) and its summary's toggle.
        role="treegrid"
        aria-label="Tasks"
        aria-owns={headerRowId}
        aria-rowcount={count + 1}
        aria-colcount={layout.columns.length + 2}
        aria-multiselectable="true"
        aria-readonly={readOnly || undefined}
        onKeyDown={controller.onKeyDown}
        className="pointer-events-none absolute inset-0"
      >
        {items.map((item) => {
          const top = item.start - HEADER_HEIGHT_PX;
          if (item.index < rows.length) {
            const row = rows[item.index]!;
            if (typeof row !== 'string') return <GroupHeader key={`group-${row.key}`} group={row} top={top} onToggle={onToggleGroup} />;
            return <TaskRow key={row} taskId={row} top={top} index={item.index} tabStop={row === stopRow} />;
          }
          const row = placeholders[item.index - rows.length]!;
          return <PlaceholderRow key={`placeholder-${row.number}`} row={row} top={top} />;
        })}
      </div>
    </div>
  );
}
