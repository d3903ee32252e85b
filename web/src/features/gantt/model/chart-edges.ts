/** The part of the chart a person sees, in client pixels. */
export interface VisibleBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A pointer this close to an edge of the chart's rows (or past it) scrolls the chart while a link is drawn. */
export const EDGE_ZONE_PX = 40;
/** The fastest that scroll goes, per animation frame (at the edge and beyond). */
export const EDGE_SCROLL_MAX_PX = 24;

/** How far into the zone before `low` (negative) or after `high` (positive) a coordinate is, as a step. */
function step(at: number, low: number, high: number): number {
  const depth = (distance: number) => Math.min(1, (EDGE_ZONE_PX - distance) / EDGE_ZONE_PX);
  if (at < low + EDGE_ZONE_PX) return -Math.ceil(depth(at - low) * EDGE_SCROLL_MAX_PX);
  if (at > high - EDGE_ZONE_PX) return Math.ceil(depth(high - at) * EDGE_SCROLL_MAX_PX);
  return 0;
}

/**
 * [link-edge-scroll] The scroll, per frame, that a pointer drawing a link near an edge of the rows asks for: faster
 * the nearer the edge (and past it), nothing in the middle, so a bar off screen can be reached.
 */
export function edgeScrollStep(pointer: { x: number; y: number }, box: VisibleBox): { dx: number; dy: number } {
  return { dx: step(pointer.x, box.left, box.right), dy: step(pointer.y, box.top, box.bottom) };
}

/**
 * [link-popover-in-view] Where a popover of `size` opens beside `anchor` (client pixels): below and to the right,
 * flipped to the other side where it would cross the box's edge, then shifted to stay inside it as far as it fits.
 */
export function placeInside(
  anchor: { x: number; y: number },
  size: { width: number; height: number },
  box: VisibleBox,
  gap: { x: number; y: number },
): { x: number; y: number } {
  const along = (at: number, length: number, low: number, high: number, offset: number) => {
    const after = at + offset;
    const before = at - offset - length;
    const flipped = after + length > high && before >= low ? before : after;
    return Math.max(low, Math.min(flipped, high - length));
  };
  return { x: along(anchor.x, size.width, box.left, box.right, gap.x), y: along(anchor.y, size.height, box.top, box.bottom, gap.y) };
}

/** What is seen of a scroll area: its box inside the window, without its scroll bars. */
export function visibleBox(scroller: HTMLElement): VisibleBox {
  const rect = scroller.getBoundingClientRect();
  return {
    left: Math.max(0, rect.left),
    top: Math.max(0, rect.top),
    right: Math.min(window.innerWidth, rect.left + scroller.clientWidth),
    bottom: Math.min(window.innerHeight, rect.top + scroller.clientHeight),
  };
}
