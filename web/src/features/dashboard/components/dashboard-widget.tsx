import { useSortable } from '@dnd-kit/sortable';
import { WIDGET_SIZES, WIDGET_SPAN, type Widget, type WidgetSize } from '@planline/domain';
import { GripVertical, X } from 'lucide-react';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

const SIZE_LABELS: Record<WidgetSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

interface DashboardWidgetProps {
  widget: Widget;
  editing: boolean;
  onResize: (size: WidgetSize) => void;
  onRemove: () => void;
  children: ReactNode;
}

/**
 * One widget of the grid: a region named by its title, spanning 1, 2 or 3 columns by size. In customise mode
 * its header has the drag handle ('Move {title}'), the size select and the remove button. Widgets stay put
 * while one is dragged (their sizes differ, so shifting them would jump); the target shows where it lands.
 */
export function DashboardWidget({ widget, editing, onResize, onRemove, children }: DashboardWidgetProps) {
  const titleId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging, isOver, active, activeIndex, index } = useSortable({
    id: widget.id,
    disabled: !editing,
  });
  const showTarget = isOver && active !== null && active.id !== widget.id;
  const landsAfter = activeIndex < index;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={titleId}
      data-widget-id={widget.id}
      data-widget-size={widget.size}
      style={{ '--span': WIDGET_SPAN[widget.size] } as CSSProperties}
      className={cn(
        'relative flex min-w-0 flex-col rounded-xl border bg-white shadow-sm md:col-span-(--span)',
        editing ? 'border-dashed border-slate-300' : 'border-slate-200',
        isDragging && 'opacity-40',
        showTarget && 'ring-2 ring-blue-500',
      )}
    >
      {showTarget ? (
        <span
          aria-hidden="true"
          className={cn('absolute inset-y-2 w-1.5 rounded-full bg-blue-600', landsAfter ? '-right-3' : '-left-3')}
        />
      ) : null}
      <header className="flex min-h-12 items-center gap-2 border-b border-slate-100 px-4 py-2">
        {editing ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Move ${widget.title}`}
            className="-ml-1.5 inline-flex h-8 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 active:cursor-grabbing"
          >
            <GripVertical aria-hidden="true" className="h-4 w-4" />
          </button>
        ) : null}
        <h3 id={titleId} className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">
          {widget.title}
        </h3>
        {editing ? (
          <>
            <select
              aria-label={`Size of ${widget.title}`}
              value={widget.size}
              onChange={(event) => onResize(event.target.value as WidgetSize)}
              className="h-8 cursor-pointer rounded-md border border-slate-300 bg-white px-2 text-xs text-slate-800 shadow-sm focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
            >
              {WIDGET_SIZES.map((size) => (
                <option key={size} value={size}>
                  {SIZE_LABELS[size]}
                </option>
              ))}
            </select>
            <button
              type="button"
              aria-label={`Remove ${widget.title}`}
              onClick={onRemove}
              className="inline-flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </>
        ) : null}
      </header>
      <div className="min-h-0 flex-1 p-4">{children}</div>
    </section>
  );
}

/** What follows the pointer (or the arrow keys) while a widget is moved. */
export function WidgetDragPreview({ widget }: { widget: Widget }) {
  return (
    <div className="flex w-64 cursor-grabbing items-center gap-2 rounded-lg border border-blue-300 bg-white px-3 py-2.5 shadow-xl ring-2 ring-blue-500/30">
      <GripVertical aria-hidden="true" className="h-4 w-4 text-slate-500" />
      <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{widget.title}</span>
      <span className="text-xs text-slate-500">{SIZE_LABELS[widget.size]}</span>
    </div>
  );
}
