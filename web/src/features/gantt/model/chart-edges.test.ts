import { describe, expect, it } from 'vitest';
import { EDGE_SCROLL_MAX_PX, EDGE_ZONE_PX, edgeScrollStep, placeInside } from './chart-edges';

const box = { left: 400, top: 100, right: 1200, bottom: 700 };

describe('the chart edges', () => {
  it('[link-edge-scroll] a pointer near an edge scrolls toward it, faster nearer and past it; the middle does not', () => {
    expect(edgeScrollStep({ x: 800, y: 400 }, box)).toEqual({ dx: 0, dy: 0 });
    const near = edgeScrollStep({ x: 1200 - EDGE_ZONE_PX / 2, y: 400 }, box);
    const edge = edgeScrollStep({ x: 1199, y: 400 }, box);
    expect(near.dx).toBeGreaterThan(0);
    expect(edge.dx).toBeGreaterThan(near.dx);
    expect(edgeScrollStep({ x: 1500, y: 400 }, box).dx).toBe(EDGE_SCROLL_MAX_PX);
    expect(edgeScrollStep({ x: 401, y: 101 }, box)).toEqual({ dx: -EDGE_SCROLL_MAX_PX, dy: -EDGE_SCROLL_MAX_PX });
    expect(edgeScrollStep({ x: 800, y: 690 }, box).dy).toBeGreaterThan(0);
  });

  it('[link-popover-in-view] a popover opens below right, flips near the right and bottom edges, and stays inside', () => {
    const size = { width: 256, height: 180 };
    const gap = { x: 8, y: 14 };
    expect(placeInside({ x: 600, y: 200 }, size, box, gap)).toEqual({ x: 608, y: 214 });
    // Near the right edge: to the anchor's left. Near the bottom: above it.
    expect(placeInside({ x: 1150, y: 650 }, size, box, gap)).toEqual({ x: 1150 - 8 - 256, y: 650 - 14 - 180 });
    // No room on either side: shifted inside as far as it goes.
    expect(placeInside({ x: 420, y: 200 }, { width: 790, height: 100 }, box, gap).x).toBe(410);
  });
});
