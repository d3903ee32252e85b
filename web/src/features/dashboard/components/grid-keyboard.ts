import type { ClientRect, CollisionDetection, KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';
import { closestCenter, pointerWithin } from '@dnd-kit/core';

/**
 * Keyboard moves for a grid of widgets of different widths. Left and right step to the previous and next
 * widget in reading order; up and down to the nearest widget in the row above or below. The dragged preview is
 * centred on the target, so closestCenter names that target whatever the sizes (dnd-kit's
 * sortableKeyboardCoordinates assumes items that shift and share a size).
 */
export const gridKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { active, over, collisionRect, droppableRects, droppableContainers } = context;
  if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.code)) return undefined;
  event.preventDefault();
  if (!active || !collisionRect) return undefined;

  const entries: { id: UniqueIdentifier; rect: ClientRect }[] = [];
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (rect) entries.push({ id: container.id, rect });
  }
  const current = entries.find((e) => e.id === (over?.id ?? active.id));
  if (!current) return undefined;
  const target = nextTarget(entries, current, event.code);
  if (!target) return undefined;
  return {
    x: target.rect.left + target.rect.width / 2 - collisionRect.width / 2,
    y: target.rect.top + target.rect.height / 2 - collisionRect.height / 2,
  };
};

/** Rows are told apart by their top edge; a few pixels of rounding do not make a new row. */
const ROW_TOLERANCE_PX = 4;

type Entry = { id: UniqueIdentifier; rect: ClientRect };

export function nextTarget(entries: readonly Entry[], current: Entry, code: string): Entry | undefined {
  const readingOrder = [...entries].sort((a, b) =>
    Math.abs(a.rect.top - b.rect.top) > ROW_TOLERANCE_PX ? a.rect.top - b.rect.top : a.rect.left - b.rect.left,
  );
  const at = readingOrder.findIndex((e) => e.id === current.id);
  if (code === 'ArrowLeft') return readingOrder[at - 1];
  if (code === 'ArrowRight') return readingOrder[at + 1];

  const below = code === 'ArrowDown';
  const candidates = entries.filter((e) =>
    below ? e.rect.top > current.rect.top + ROW_TOLERANCE_PX : e.rect.top < current.rect.top - ROW_TOLERANCE_PX,
  );
  if (candidates.length === 0) return undefined;
  const rowTop = below ? Math.min(...candidates.map((e) => e.rect.top)) : Math.max(...candidates.map((e) => e.rect.top));
  const centre = current.rect.left + current.rect.width / 2;
  return candidates
    .filter((e) => Math.abs(e.rect.top - rowTop) <= ROW_TOLERANCE_PX)
    .sort((a, b) => Math.abs(a.rect.left + a.rect.width / 2 - centre) - Math.abs(b.rect.left + b.rect.width / 2 - centre))[0];
}

/** The widget under the pointer; for the keyboard (no pointer) the one whose centre is closest. */
export const widgetCollisions: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    if (hits.length > 0) return hits;
  }
  return closestCenter(args);
};
