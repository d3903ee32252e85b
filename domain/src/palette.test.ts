import { describe, expect, it } from 'vitest';
import { TASK_COLOR_DEFAULT } from './constants.js';
import { contrastRatio, DARK_INK, inkOn, LIGHT_INK, TASK_STATUS_COLORS, taskBarColor, UNKNOWN_STATUS_COLOR } from './palette.js';
import { TASK_STATUSES } from './schemas/enums.js';

/** `hex` under a layer of black at `alpha`: the darker done part of a bar (task-bar.tsx, bg-black/25). */
function darkened(hex: string, alpha: number): string {
  const channels = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - alpha)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

describe('palette', () => {
  it('[contrast] computes WCAG ratios: black on white 21, a colour on itself 1, #767676 on white 4.54', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio(TASK_COLOR_DEFAULT, TASK_COLOR_DEFAULT)).toBe(1);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
  });

  it.each(TASK_STATUSES)('[status-colors] white bar labels on a %s bar read at 4.5:1, on both its parts', (status) => {
    const fill = TASK_STATUS_COLORS[status];
    expect(inkOn(fill)).toBe(LIGHT_INK);
    expect(contrastRatio(LIGHT_INK, fill)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(LIGHT_INK, darkened(fill, 0.25))).toBeGreaterThanOrEqual(4.5);
  });

  it('[status-colors] every status colour stands out from a white page at 3:1 (dots, icons: WCAG 1.4.11)', () => {
    for (const color of [...Object.values(TASK_STATUS_COLORS), UNKNOWN_STATUS_COLOR]) {
      expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(3);
    }
  });

  it('[status-colors] the old light bar (white over #3b82f6 at 45%) failed: 2.1:1, the reason for the change', () => {
    const lightened = '#93bafa';
    expect(contrastRatio(LIGHT_INK, lightened)).toBeLessThan(3);
  });

  it('[bar-color] a bar takes its status colour unless someone chose a colour for the task', () => {
    expect(taskBarColor({ color: TASK_COLOR_DEFAULT, status: 'pending' })).toBe(TASK_STATUS_COLORS.pending);
    expect(taskBarColor({ color: '#3B82F6', status: 'completed' })).toBe(TASK_STATUS_COLORS.completed);
    expect(taskBarColor({ color: '#7c3aed', status: 'pending' })).toBe('#7c3aed');
  });

  it('[bar-color] a light colour someone chose gets dark ink, readable at 4.5:1', () => {
    expect(inkOn('#fde047')).toBe(DARK_INK);
    expect(contrastRatio(DARK_INK, '#fde047')).toBeGreaterThanOrEqual(4.5);
    expect(inkOn('#7c3aed')).toBe(LIGHT_INK);
  });
});
