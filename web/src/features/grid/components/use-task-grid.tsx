import { customFieldIdOf, type GridColumn, type GridColumnId, type WorkCalendar } from '@planline/domain';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useStore } from 'zustand';
import type { ProjectConnection } from '../../gantt/connection/project-connection';
import type { ShownBaseline } from '../../gantt/model/baseline';
import { scheduleOf } from '../../gantt/model/schedule';
import type { Person } from '../../gantt/components/timeline-context';
import { usePhoneLayout } from '../../../lib/use-media-query';
import { useCustomFields } from '../custom-fields.queries';
import { outlineRowNumbers, type CellContext } from '../model/cell-commit';
import { gridLayout } from '../model/grid-layout';
import { gridSelectionStore } from '../model/grid-selection.store';
import { gridViewOf, gridViewStore } from '../model/grid-view.store';
import { createGridController, type GridInputs } from './grid-controller';
import type { GridContextValue } from './grid-context';
import { GRID_SCROLL_X_VAR } from './grid-dom';
import { GridHeader } from './grid-header';
import { columnTitle } from './grid-titles';

interface TaskGridInput {
  connection: ProjectConnection;
  readOnly: boolean;
  chartWidth: number;
  rows: readonly string[];
  people: ReadonlyMap<string, Person>;
  calendar: WorkCalendar;
  today: string;
  baseline: ShownBaseline | null;
  openDetails: (taskId: string) => void;
  /** Scrolls the chart to a row (the virtualizer). */
  reveal: (taskId: string) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
}

/** Where this browser keeps a project's list width and a phone's chosen column (a person's own, per project). */
const listWidthKey = (projectId: string) => `planline:grid-list-width:${projectId}`;
const phoneColumnKey = (projectId: string) => `planline:grid-phone-column:${projectId}`;

function readStored(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeStored(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full store: the width lasts until the page closes.
  }
}

/**
 * [grid-layout] The task grid of one chart (issue 39): the person's columns laid out beside the chart, the cursor
 * and editing controller, and the header row. The chart draws the rows; each row reads this through GridContext.
 */
export function useTaskGrid(input: TaskGridInput): { context: GridContextValue; header: ReactNode; helpText: ReactNode } {
  const { connection, readOnly, chartWidth, people, calendar, baseline } = input;
  const projectId = connection.projectId;
  const phone = usePhoneLayout();
  const viewColumns = useStore(gridViewStore, (s) => gridViewOf(s, projectId).columns);
  const fields = useCustomFields(projectId).data;
  const [listWidth, setListWidth] = useState<number | null>(null);
  // On a phone: the column chosen beside the name; 'none' when the person chose none, null before any choice.
  const [phoneColumn, setPhoneColumn] = useState<GridColumnId | 'none' | null>(null);
  useEffect(() => {
    const stored = Number(readStored(listWidthKey(projectId)));
    setListWidth(Number.isFinite(stored) && stored > 0 ? stored : null);
    setPhoneColumn((readStored(phoneColumnKey(projectId)) as GridColumnId | 'none' | null) ?? null);
    gridSelectionStore.getState().reset(projectId);
  }, [projectId]);

  // A custom field's column is drawn while its field exists: a removed field's column goes (from every browser, as
  // the list follows customField:deleted) but stays in the view, so the field's restore (the removal's Undo) shows it
  // again. Before the list is read, every column is drawn.
  const shownColumns = useMemo(() => {
    if (!fields) return viewColumns;
    const known = new Set(fields.map((f) => f.id.toLowerCase()));
    const shown = viewColumns.filter((c) => {
      const fieldId = customFieldIdOf(c.id);
      return fieldId === null || known.has(fieldId);
    });
    return shown.length ? shown : viewColumns;
  }, [viewColumns, fields]);
  const layout = useMemo(
    () => gridLayout({ columns: shownColumns, chartWidth, phone, phoneColumn: phone && phoneColumn !== 'none' ? (phoneColumn ?? shownColumns.find((c) => c.id !== 'name')?.id ?? null) : null, listWidth }),
    [shownColumns, chartWidth, phone, phoneColumn, listWidth],
  );
  const columnIds = useMemo(() => layout.columns.map((c) => c.id), [layout]);
  const slackShown = columnIds.includes('slack');
  const cellContext = useCallback(
    (tasks: CellContext['tasks']): CellContext => ({
      tasks,
      calendar,
      fields: fields ?? [],
      people,
      ...outlineRowNumbers(tasks),
      slackOf: slackShown ? (id) => scheduleOf(connection.tasks, tasks, calendar).slackDays.get(id) : undefined,
      baseline,
    }),
    [calendar, fields, people, slackShown, connection.tasks, baseline],
  );

  const stripRef = useRef<HTMLDivElement>(null);
  const setScrollX = useCallback(
    (px: number) => input.scrollRef.current?.style.setProperty(GRID_SCROLL_X_VAR, `${Math.max(0, px)}px`),
    [input.scrollRef],
  );
  const inputs = useRef<GridInputs>(null as unknown as GridInputs);
  inputs.current = {
    connection,
    readOnly,
    rows: input.rows,
    layout,
    today: input.today,
    cellContext,
    openDetails: input.openDetails,
    reveal: input.reveal,
    scrollX: () => stripRef.current?.scrollLeft ?? 0,
    setScrollX: (px) => {
      const strip = stripRef.current;
      if (strip) strip.scrollLeft = px;
      setScrollX(strip ? strip.scrollLeft : 0);
    },
    root: () => input.scrollRef.current,
  };
  const controller = useMemo(() => createGridController(inputs), []);
  // Columns changed: the strip starts again from its left (its old offset may be past the new columns).
  useEffect(() => setScrollX(stripRef.current?.scrollLeft ?? 0), [layout, setScrollX]);

  const helpId = useId();
  const headerRowId = useId();
  const titleOf = useCallback((id: GridColumnId) => columnTitle(id, fields ?? []), [fields]);
  const context = useMemo<GridContextValue>(
    () => ({ layout, columnIds, readOnly, controller, titleOf, helpId, headerRowId }),
    // cellContext: the cells' texts read people, fields, the calendar and the baseline through it.
    [layout, columnIds, readOnly, controller, titleOf, helpId, headerRowId, cellContext],
  );

  const onColumns = useCallback((columns: GridColumn[]) => gridViewStore.getState().setColumns(projectId, columns), [projectId]);
  const onListWidth = useCallback(
    (px: number) => {
      const width = Math.round(Math.max(layout.frozenPx, px));
      setListWidth(width);
      writeStored(listWidthKey(projectId), String(width));
    },
    [projectId, layout.frozenPx],
  );
  const choosePhoneColumn = useCallback(
    (column: GridColumnId | null) => {
      setPhoneColumn(column ?? 'none');
      writeStored(phoneColumnKey(projectId), column ?? 'none');
    },
    [projectId],
  );
  const header = (
    <GridHeader
      viewColumns={viewColumns}
      onColumns={onColumns}
      stripRef={stripRef}
      onScrollX={setScrollX}
      onListWidth={onListWidth}
      phone={phone ? { column: layout.columns[1] && layout.listPx > layout.frozenPx ? layout.columns[1].id : null, choose: choosePhoneColumn } : null}
    />
  );
  const helpText = (
    <p id={helpId} className="sr-only">
      Arrow keys move between cells. Enter, F2 or typing edits the cell; Enter and Tab save and move on; Escape cancels. Space, plus and
      minus change a status or priority, or tick a checkbox field. Alt Enter opens the task details. Up arrow from the first row reaches the column's header: there
      Shift with Left or Right arrow resizes the column, Alt with them moves it, Alt Shift with them widens the list.
    </p>
  );
  return { context, header, helpText };
}
