import { describe, expect, it } from 'vitest';
import { linkPath } from './pdf-charts.js';

// Predecessor's bar 10-20 pt across on a row centred at y 0 (7 pt to its edges); successor's 40-60 pt, a row below.
const pred = { from: 10, to: 20, y: 0, half: 7 };
const succ = { from: 40, to: 60, y: 14 };

/** Every segment runs across or down, never slanted. */
const rightAngled = (points: [number, number][]) => points.slice(1).every(([x, y], i) => x === points[i]![0] || y === points[i]![1]);

describe('[export-pdf-links] a link\'s arrow on the timeline', () => {
  it('leaves and enters the ends its type names, the head pointing into the bar', () => {
    const cases = [
      ['FS', [20, 0], [40, 14], 1],
      ['SS', [10, 0], [40, 14], 1],
      ['FF', [20, 0], [60, 14], -1],
      ['SF', [10, 0], [60, 14], -1],
    ] as const;
    for (const [type, start, tip, into] of cases) {
      const { points, into: head } = linkPath(type, pred, succ);
      expect(points[0], type).toEqual(start);
      expect(points.at(-1), type).toEqual(tip);
      expect(head, type).toBe(into);
      // Out to the side of the end it leaves, in from the side of the end it enters.
      expect(Math.sign(points[1]![0] - start[0]), type).toBe(type.startsWith('F') ? 1 : -1);
      expect(Math.sign(tip[0] - points.at(-2)![0]), type).toBe(into);
      expect(rightAngled(points), type).toBe(true);
    }
  });

  it('goes round along the row\'s edge when the successor starts before the predecessor ends', () => {
    const { points, into } = linkPath('FS', { ...pred, to: 50 }, succ);
    expect(points[0]).toEqual([50, 0]);
    expect(points.at(-1)).toEqual([40, 14]);
    expect(into).toBe(1);
    // Right, down to the edge between the rows, back left past the successor's start, down, and in.
    expect(points.map(([, y]) => y)).toEqual([0, 0, 7, 7, 14, 14]);
    expect(points.at(-2)![0]).toBeLessThan(40);
    expect(rightAngled(points)).toBe(true);
  });
});
