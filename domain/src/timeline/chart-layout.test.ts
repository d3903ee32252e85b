import { describe, expect, it } from 'vitest';
import { barNameFits, nameColumnWidth } from './chart-layout.js';
import { BAR_MIN_WIDTH_PX, NAME_COLUMN_PX } from './timeline-constants.js';

describe('chart layout on narrow screens', () => {
  it('[timeline-name-column] 320 px on a wide chart; at most 35% of a narrow one, at least 96 px', () => {
    expect(nameColumnWidth(1166)).toBe(NAME_COLUMN_PX);
    expect(nameColumnWidth(915)).toBe(NAME_COLUMN_PX);
    expect(nameColumnWidth(656)).toBe(230);
    expect(nameColumnWidth(292)).toBe(102);
    expect(nameColumnWidth(200)).toBe(96);
    // Not measured yet: the spec's width.
    expect(nameColumnWidth(0)).toBe(NAME_COLUMN_PX);
  });

  it('[bar-label] a long name does not fit a short bar; a short name fits', () => {
    expect(barNameFits('Weld frame', 200)).toBe(true);
    expect(barNameFits('Paint the hull and the deck with two coats of marine paint', 200)).toBe(false);
    expect(barNameFits('Sea trials', BAR_MIN_WIDTH_PX)).toBe(false);
    // The progress number takes room on bars wide enough to show it.
    expect(barNameFits('Install engine', 160)).toBe(true);
    expect(barNameFits('Install engine pumps', 160)).toBe(false);
  });
});
