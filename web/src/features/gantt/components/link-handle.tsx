import { DEFAULT_LINK, type LinkType } from '@planline/domain';
import { useRef, type PointerEvent } from 'react';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast.store';
import { linkStore } from '../model/link.store';
import { checkNewLink } from '../model/links';
import { useTimeline } from './timeline-context';

/** The rows' container: a drawn link's line is placed in its pixels. */
export const TIMELINE_BODY_ATTRIBUTE = 'data-timeline-body';

/**
 * A dot beside a bar's end: drag it onto another bar to link the two. From the finish it makes a finish-to-start
 * link, from the start a start-to-start one; dropping elsewhere or Escape cancels.
 */
export function LinkHandle({ taskId, side }: { taskId: string; side: 'start' | 'end' }) {
  const { connection, nameColumnPx } = useTimeline();
  const escape = useRef<((event: KeyboardEvent) => void) | null>(null);

  const stop = (element: HTMLElement, pointerId: number) => {
    if (escape.current) window.removeEventListener('keydown', escape.current, true);
    escape.current = null;
    if (element.hasPointerCapture(pointerId)) element.releasePointerCapture(pointerId);
    linkStore.setState({ draft: null });
  };

  const place = (event: PointerEvent<HTMLElement>) => {
    const body = event.currentTarget.closest(`[${TIMELINE_BODY_ATTRIBUTE}]`);
    if (!body) return null;
    const rect = body.getBoundingClientRect();
    return { x: event.clientX - rect.left - nameColumnPx, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    // The bar under the handle must not start a move.
    event.stopPropagation();
    event.preventDefault();
    const element = event.currentTarget;
    const pointerId = event.pointerId;
    element.setPointerCapture(pointerId);
    const at = place(event);
    if (!at) return;
    linkStore.setState({ draft: { fromTaskId: taskId, side, ...at }, selected: null });
    escape.current = (key) => {
      if (key.key !== 'Escape') return;
      key.preventDefault();
      key.stopPropagation();
      stop(element, pointerId);
    };
    window.addEventListener('keydown', escape.current, true);
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const draft = linkStore.getState().draft;
    const at = draft?.fromTaskId === taskId ? place(event) : null;
    if (draft && at) linkStore.setState({ draft: { ...draft, ...at } });
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const drawing = linkStore.getState().draft?.fromTaskId === taskId;
    stop(event.currentTarget, event.pointerId);
    if (!drawing) return;
    const target = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-task-bar]');
    const successor = target?.dataset.taskBar;
    if (!successor || successor === taskId) return;
    const type: LinkType = side === 'end' ? 'FS' : 'SS';
    const check = checkNewLink(connection.tasks.getState().edges, successor, taskId);
    if (!check.ok) {
      toast({ title: 'Link not added', description: check.reason, variant: 'destructive' });
      return;
    }
    connection.writeLink(successor, taskId, { ...DEFAULT_LINK, type });
  };

  return (
    <span
      aria-hidden="true"
      data-link-handle={side}
      title={side === 'end' ? 'Drag onto another task: it starts after this one finishes' : 'Drag onto another task: it starts after this one starts'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={(event) => stop(event.currentTarget, event.pointerId)}
      className={cn(
        'absolute top-1/2 z-[2] h-3 w-3 -translate-y-1/2 cursor-crosshair rounded-full border-2 border-slate-700 bg-white',
        'opacity-0 transition-opacity group-hover/bar:opacity-100 group-focus-visible/bar:opacity-100 pointer-coarse:hidden',
        side === 'end' ? '-right-4' : '-left-4',
      )}
    />
  );
}
