import { defaultColumnWidth, GRID_COLUMN_MAX_WIDTH, GRID_COLUMN_MIN_WIDTH, GRID_NAME_COLUMN_WIDTH, nameColumnWidth, type GridColumn, type GridColumnId } from '@planline/domain';

/**
 * [grid-layout] Where the task list's columns go (issue 39). The list is the row number, then the columns of the
 * person's view; the row number and the first column stay put while the others scroll sideways inside the list
 * when they do not fit. The list is as wide as its columns (the name column alone by default: PRODUCT-SPEC's 320 px,
 * narrower on a narrow chart as before), or as wide as the person dragged its edge, and leaves the chart room.
 * On a phone it shows the name and one chosen column; the others scroll sideways.
 */
export const ROW_NUMBER_PX = 44;
export const ROW_NUMBER_PHONE_PX = 32;
/** The chart keeps at least this much of its width for the bars. */
export const CHART_MIN_PX = 48;
/** A list with more columns than the name starts at most this share of the chart wide. */
export const LIST_DEFAULT_SHARE = 0.6;
/** How far a key moves a column's edge or the list's. */
export const RESIZE_STEP_PX = 10;

export interface GridLayout {
  /** Columns in the order shown. */
  columns: readonly GridColumn[];
  rowNumberPx: number;
  /** The list's width: where the chart starts. */
  listPx: number;
  /** Row number and first column: they do not scroll sideways. */
  frozenPx: number;
  /** All the columns after the first, side by side (what scrolls sideways in `listPx - frozenPx`). */
  scrollingPx: number;
}

export interface LayoutInput {
  columns: readonly GridColumn[];
  chartWidth: number;
  phone: boolean;
  /** The column a phone shows beside the name (its own choice), or null. */
  phoneColumn: GridColumnId | null;
  /** The width the person dragged the list to, or null. */
  listWidth: number | null;
}

export const clampColumnWidth = (px: number) => Math.round(Math.max(GRID_COLUMN_MIN_WIDTH, Math.min(GRID_COLUMN_MAX_WIDTH, px)));

export function gridLayout({ columns, chartWidth, phone, phoneColumn, listWidth }: LayoutInput): GridLayout {
  const rowNumberPx = phone ? ROW_NUMBER_PHONE_PX : ROW_NUMBER_PX;
  // The name column at its default width follows the chart's (nameColumnWidth): narrower on a phone, as before.
  const sized = columns.map((c) => (c.id === 'name' && c.width === GRID_NAME_COLUMN_WIDTH ? { ...c, width: nameColumnWidth(chartWidth) } : c));
  let shown = sized;
  if (phone) {
    const name = sized.find((c) => c.id === 'name') ?? { id: 'name' as const, width: nameColumnWidth(chartWidth) };
    const chosen = phoneColumn && phoneColumn !== 'name' ? (sized.find((c) => c.id === phoneColumn) ?? { id: phoneColumn, width: defaultColumnWidth(phoneColumn) }) : null;
    shown = [name, ...(chosen ? [chosen] : []), ...sized.filter((c) => c.id !== 'name' && c.id !== chosen?.id)];
  }
  const first = shown[0]?.width ?? 0;
  const frozenPx = rowNumberPx + first;
  const scrollingPx = shown.slice(1).reduce((sum, c) => sum + c.width, 0);
  const contentPx = frozenPx + scrollingPx;
  const roomPx = chartWidth > 0 ? Math.max(frozenPx, chartWidth - CHART_MIN_PX) : contentPx;
  let listPx: number;
  if (phone) listPx = frozenPx + (shown[1] && phoneColumn ? shown[1].width : 0);
  else if (listWidth !== null) listPx = Math.max(frozenPx, listWidth);
  else listPx = shown.length > 1 ? Math.max(frozenPx, Math.min(contentPx, Math.round(chartWidth * LIST_DEFAULT_SHARE))) : contentPx;
  listPx = Math.min(listPx, contentPx, roomPx);
  return { columns: shown, rowNumberPx, listPx, frozenPx, scrollingPx };
}

/** The list scrolled sideways so that the column at `index` is in view: its new scroll offset. */
export function scrollToColumn(layout: GridLayout, index: number, scrollX: number): number {
  if (index <= 0) return scrollX;
  const viewPx = layout.listPx - layout.frozenPx;
  let left = 0;
  for (let i = 1; i < index; i++) left += layout.columns[i]!.width;
  const right = left + layout.columns[index]!.width;
  if (left < scrollX) return left;
  if (right > scrollX + viewPx) return Math.max(0, right - viewPx);
  return scrollX;
}

/** Moves the column at `from` to `to` (a header dragged, or Alt+Left/Right). */
export function moveColumn(columns: readonly GridColumn[], from: number, to: number): GridColumn[] {
  const next = [...columns];
  const target = Math.max(0, Math.min(next.length - 1, to));
  if (from < 0 || from >= next.length || from === target) return next;
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}
