import { GRID_COLUMN_IDS, type GridColumn, type GridColumnId } from '@planline/domain';
import { useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { cn } from '../../../lib/cn';
import { clampColumnWidth, moveColumn, RESIZE_STEP_PX } from '../model/grid-layout';
import { useGrid } from './grid-context';

interface GridHeaderProps {
  /** The person's columns (their widths and order), which resizing and reordering change. */
  viewColumns: readonly GridColumn[];
  onColumns: (columns: GridColumn[]) => void;
  /** The strip of headers that scrolls sideways; its scroll moves every row's columns with it. */
  stripRef: RefObject<HTMLDivElement | null>;
  onScrollX: (px: number) => void;
  onListWidth: (px: number) => void;
  /** On a phone: the column shown beside the name, and its choice. */
  phone: { column: GridColumnId | null; choose: (column: GridColumnId | null) => void } | null;
}

/** A pointer drag from a handle or a header: `onMove` with each step's distance, `onEnd` with the last. */
function pointerDrag(onMove: (dx: number) => void, onEnd: (dx: number) => void) {
  return (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const from = event.clientX;
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) => onMove(e.clientX - from);
    const up = (e: PointerEvent) => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
      onEnd(e.clientX - from);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };
}

/**
 * [grid-columns] The list's header row: the row number, then a header per column. A header's right edge resizes
 * it (drag, or its handle focused and the arrow keys); dragging a header, or Alt+Left and Alt+Right on it, moves the
 * column; the list's own right edge widens it against the chart. Columns past the list's width scroll sideways:
 * the headers' strip scrolls (a swipe on a phone), the rows follow.
 */
export function GridHeader({ viewColumns, onColumns, stripRef, onScrollX, onListWidth, phone }: GridHeaderProps) {
  const { layout, titleOf, headerRowId, controller } = useGrid();
  const [first, ...rest] = layout.columns;
  const widthOf = (id: GridColumnId) => layout.columns.find((c) => c.id === id)?.width ?? 0;
  const resize = (id: GridColumnId, width: number) =>
    onColumns(viewColumns.map((c) => (c.id === id ? { ...c, width: clampColumnWidth(width) } : c)));
  const reorder = (id: GridColumnId, by: number) => {
    const from = viewColumns.findIndex((c) => c.id === id);
    if (from >= 0) onColumns(moveColumn(viewColumns, from, from + by));
  };

  const header = (column: GridColumn, index: number) => (
    <ColumnHeader
      key={column.id}
      column={column}
      colIndex={index + 2}
      title={titleOf(column.id)}
      onResize={(w) => resize(column.id, w)}
      onReorder={phone ? null : (by) => reorder(column.id, by)}
      neighbourWidth={(by) => layout.columns[index + by]?.width ?? 0}
      baseWidth={() => widthOf(column.id)}
      onEnterRows={() => controller.enterColumn(column.id)}
      onListStep={(px) => onListWidth(layout.listPx + px)}
    />
  );

  return (
    <div className="sticky left-0 z-10 flex shrink-0 flex-col border-r border-slate-200 bg-white" style={{ width: layout.listPx }}>
      <div className="flex h-[22px] items-center px-2 text-xs text-slate-600">
        {phone ? (
          <label className="flex items-center gap-1">
            Show:
            <select
              aria-label="Column shown beside the name"
              value={phone.column ?? ''}
              onChange={(event) => phone.choose((event.target.value || null) as GridColumnId | null)}
              className="h-5 rounded border border-slate-300 bg-white px-1 text-xs text-slate-800"
            >
              <option value="">None</option>
              {GRID_COLUMN_IDS.filter((id) => id !== 'name').map((id) => (
                <option key={id} value={id}>
                  {titleOf(id)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <div className="relative flex min-h-0 flex-1">
        {/* The grid's first row (the rows' grid owns it: aria-owns); the list's edge is beside it, not in it. */}
        <div role="row" id={headerRowId} aria-rowindex={1} className="flex min-w-0 flex-1">
        <div role="columnheader" aria-colindex={1} className="flex shrink-0 items-end justify-end pr-2 pb-2 text-xs font-semibold text-slate-500" style={{ width: layout.rowNumberPx }}>
          <span aria-hidden="true">#</span>
          <span className="sr-only">Row</span>
        </div>
        {first ? header(first, 0) : null}
        {rest.length ? (
          <div
            ref={stripRef}
            data-grid-header-strip
            onScroll={(event) => onScrollX(event.currentTarget.scrollLeft)}
            className="flex min-w-0 flex-1 overflow-x-auto overflow-y-hidden [scrollbar-width:thin]"
          >
            {rest.map((c, i) => header(c, i + 1))}
          </div>
        ) : null}
        </div>
        <ListSplitter width={layout.listPx} onWidth={onListWidth} />
      </div>
    </div>
  );
}

interface ColumnHeaderProps {
  column: GridColumn;
  onEnterRows: () => void;
  /** Widens (or, negative, narrows) the list by that many px. */
  onListStep: (px: number) => void;
  colIndex: number;
  title: string;
  onResize: (width: number) => void;
  /** Moves the column by that many places; null where columns are not reordered (a phone). */
  onReorder: ((by: number) => void) | null;
  neighbourWidth: (by: number) => number;
  baseWidth: () => number;
}

function ColumnHeader({ column, colIndex, title, onResize, onReorder, neighbourWidth, baseWidth, onEnterRows, onListStep }: ColumnHeaderProps) {
  const ref = useRef<HTMLDivElement>(null);
  const start = useRef(0);
  const onResizeDown = pointerDrag(
    (dx) => onResize(start.current + dx),
    (dx) => onResize(start.current + dx),
  );
  const onMoveDown = pointerDrag(
    (dx) => {
      if (ref.current) ref.current.style.transform = `translateX(${dx}px)`;
    },
    (dx) => {
      if (ref.current) ref.current.style.transform = '';
      if (!onReorder) return;
      // Past half of the next (or previous) column: one place; further, as many as it passed.
      let by = 0;
      let left = dx;
      while (left > 0 && left > neighbourWidth(by + 1) / 2 && neighbourWidth(by + 1) > 0) left -= neighbourWidth(++by);
      while (left < 0 && -left > neighbourWidth(by - 1) / 2 && neighbourWidth(by - 1) > 0) left += neighbourWidth(--by);
      if (by) onReorder(by);
    },
  );
  // [grid-columns] On a focused header (ArrowUp from the first row): Left and Right go to the next header, Shift with
  // them resizes the column, Alt moves it, Alt+Shift widens or narrows the whole list; Down goes back to the rows.
  const onHeaderKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const left = event.key === 'ArrowLeft';
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      onEnterRows();
      return;
    }
    if (!left && event.key !== 'ArrowRight') return;
    event.preventDefault();
    if (event.altKey && event.shiftKey) onListStep(left ? -RESIZE_STEP_PX : RESIZE_STEP_PX);
    else if (event.altKey) {
      if (!onReorder) return;
      onReorder(left ? -1 : 1);
      // The header moved: focus stays on it.
      requestAnimationFrame(() => ref.current?.focus());
    } else if (event.shiftKey) onResize(baseWidth() + (left ? -RESIZE_STEP_PX : RESIZE_STEP_PX));
    else {
      const headers = [...(ref.current?.closest('[role=row]')?.querySelectorAll<HTMLElement>('[data-grid-column]') ?? [])];
      headers[headers.indexOf(ref.current!) + (left ? -1 : 1)]?.focus();
    }
  };
  return (
    <div
      ref={ref}
      role="columnheader"
      aria-colindex={colIndex}
      data-grid-column={column.id}
      tabIndex={-1}
      title={onReorder ? `${title}: drag its edge (or Shift+Left and Right) to resize it; drag it (or Alt+Left and Right) to move it` : title}
      onKeyDown={onHeaderKey}
      onPointerDown={onReorder ? onMoveDown : undefined}
      className={cn(
        'relative flex shrink-0 cursor-default items-end px-2 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase outline-none select-none focus-visible:bg-blue-50',
        onReorder && 'cursor-grab',
      )}
      style={{ width: column.width }}
    >
      <span className="min-w-0 flex-1 truncate">{title}</span>
      {/* The pointer's handle; the keyboard resizes from the header itself (Shift+Left and Right). */}
      <div
        aria-hidden="true"
        data-grid-resize={column.id}
        onPointerDown={(event) => {
          start.current = baseWidth();
          onResizeDown(event);
        }}
        className="absolute top-1 right-0 bottom-1 w-2 cursor-col-resize border-r-2 border-transparent hover:border-blue-400"
      />
    </div>
  );
}

/** The list's right edge: drag it to widen the list against the chart (Alt+Shift+Left and Right on a header, by keyboard). */
function ListSplitter({ width, onWidth }: { width: number; onWidth: (px: number) => void }) {
  const start = useRef(width);
  const onDown = pointerDrag(
    (dx) => onWidth(start.current + dx),
    (dx) => onWidth(start.current + dx),
  );
  return (
    <div
      aria-hidden="true"
      data-grid-splitter
      onPointerDown={(event) => {
        start.current = width;
        onDown(event);
      }}
      className="absolute top-0 -right-1.5 bottom-0 z-10 w-3 cursor-col-resize outline-none after:absolute after:inset-y-0 after:left-1/2 after:w-0.5 after:bg-transparent hover:after:bg-blue-400 "
    />
  );
}
