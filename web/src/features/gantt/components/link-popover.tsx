import { LINK_TYPES, MAX_LAG_DAYS, type LinkType } from '@planline/domain';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { placeInside, visibleBox } from '../model/chart-edges';
import { linkStore } from '../model/link.store';
import { LINK_TYPE_NAMES, type DependencyEdge } from '../model/links';
import { useTimeline } from './timeline-context';

/** Parses a lag field: whole working days within the schema's bounds, or null. */
export function parseLag(text: string): number | null {
  if (!/^-?\d+$/.test(text.trim())) return null;
  const lag = Number(text.trim());
  return Math.abs(lag) <= MAX_LAG_DAYS ? lag : null;
}

/** The popover's offset from the arrow's end: beside it, clear of the arrow head. */
const POPOVER_GAP = { x: 8, y: 14 };

interface LinkPopoverProps {
  edge: DependencyEdge;
  label: string;
  problem: string | null;
  anchor: { x: number; y: number };
}

/** The selected arrow's editor: its type and lag (one undoable change on Apply), or delete it. */
export function LinkPopover({ edge, label, problem, anchor }: LinkPopoverProps) {
  const { connection, nameColumnPx, readOnly } = useTimeline();
  const [type, setType] = useState<LinkType>(edge.type);
  const [lag, setLag] = useState(String(edge.lagDays));
  const lagDays = parseLag(lag);
  const close = () => linkStore.setState({ selected: null });
  // A press anywhere else but on an arrow (which selects its own) closes it, as a popover does.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const onDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!form.current?.contains(target) && !target?.closest('[data-link-hit]')) close();
    };
    // Escape closes it wherever focus is (an arrow is picked with the pointer, which leaves focus behind).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close();
    };
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  // As a dialog does: focus goes into it when it opens, and back where it was when it closes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const popover = form.current;
    popover?.querySelector<HTMLElement>('select:not(:disabled), button')?.focus({ preventScroll: true });
    return () => {
      // Only when focus went with it (not when a press elsewhere put it somewhere).
      const focused = document.activeElement;
      const lost = !focused || focused === document.body || popover?.contains(focused);
      if (lost && before?.isConnected) before.focus({ preventScroll: true });
    };
  }, [edge.taskId, edge.dependsOnTaskId]);

  // [link-popover-in-view] Beside the arrow's end, flipped and shifted to stay inside the part of the chart on
  // screen: near the chart's right edge or bottom it opens to the left or above instead of being cut off.
  const [place, setPlace] = useState({ left: nameColumnPx + anchor.x + POPOVER_GAP.x, top: anchor.y + POPOVER_GAP.y });
  useLayoutEffect(() => {
    const el = form.current;
    const body = el?.offsetParent;
    const scroller = el?.closest<HTMLElement>('[data-timeline-scroll]');
    if (!el || !body || !scroller) return;
    const origin = body.getBoundingClientRect();
    const at = placeInside(
      { x: origin.left + nameColumnPx + anchor.x, y: origin.top + anchor.y },
      { width: el.offsetWidth, height: el.offsetHeight },
      visibleBox(scroller),
      POPOVER_GAP,
    );
    setPlace({ left: at.x - origin.left, top: at.y - origin.top });
  }, [anchor.x, anchor.y, nameColumnPx]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || lagDays === null) return;
    if (type !== edge.type || lagDays !== edge.lagDays) connection.writeLink(edge.taskId, edge.dependsOnTaskId, { type, lagDays });
    close();
  };

  return (
    <form
      ref={form}
      role="dialog"
      aria-label="Dependency"
      data-link-popover
      onSubmit={apply}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          // Not the chart's or a dialog's Escape too.
          event.stopPropagation();
          event.preventDefault();
          close();
        }
      }}
      className="absolute z-30 w-64 rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg"
      style={place}
    >
      <p className="mb-2 font-medium text-slate-900">{label}</p>
      {problem ? <p className="mb-2 text-xs text-red-700">{problem}</p> : null}
      <div className="flex gap-2">
        <label className="flex-1 text-xs text-slate-600">
          Type
          <select
            className={cn(fieldClasses, 'mt-1 h-9')}
            value={type}
            disabled={readOnly}
            onChange={(event) => setType(event.target.value as LinkType)}
          >
            {LINK_TYPES.map((t) => (
              <option key={t} value={t}>
                {t} · {LINK_TYPE_NAMES[t]}
              </option>
            ))}
          </select>
        </label>
        <label className="w-20 text-xs text-slate-600">
          Lag (days)
          <input
            className={cn(fieldClasses, 'mt-1 h-9')}
            inputMode="numeric"
            value={lag}
            disabled={readOnly}
            aria-invalid={lagDays === null || undefined}
            onChange={(event) => setLag(event.target.value)}
          />
        </label>
      </div>
      {lagDays === null ? <p className="mt-1 text-xs text-red-700">Whole working days from -{MAX_LAG_DAYS} to {MAX_LAG_DAYS}</p> : null}
      <div className="mt-3 flex justify-between gap-2">
        {readOnly ? (
          <span />
        ) : (
          <Button
            size="sm"
            variant="destructive"
            onClick={() => {
              connection.removeLink(edge.taskId, edge.dependsOnTaskId);
              close();
            }}
          >
            Delete
          </Button>
        )}
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={close}>
            Close
          </Button>
          {readOnly ? null : (
            <Button size="sm" type="submit" disabled={lagDays === null}>
              Apply
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
