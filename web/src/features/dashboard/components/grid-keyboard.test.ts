import { describe, expect, it } from 'vitest';
import { nextTarget } from './grid-keyboard';

const rect = (left: number, top: number, width: number, height = 100) => ({ left, top, width, height, right: left + width, bottom: top + height });

/** Row 0: small (0) + medium (1-2); row 1: large; row 2: small, small, small. */
const entries = [
  { id: 'stats', rect: rect(0, 0, 100) },
  { id: 'tasks', rect: rect(116, 0, 216) },
  { id: 'gantt', rect: rect(0, 116, 332) },
  { id: 'a', rect: rect(0, 232, 100) },
  { id: 'b', rect: rect(116, 232, 100) },
  { id: 'c', rect: rect(232, 232, 100) },
];
const at = (id: string) => entries.find((e) => e.id === id)!;

describe('grid keyboard moves', () => {
  it('[dashboard-keyboard] left and right step through the widgets in reading order', () => {
    expect(nextTarget(entries, at('stats'), 'ArrowRight')?.id).toBe('tasks');
    expect(nextTarget(entries, at('tasks'), 'ArrowRight')?.id).toBe('gantt');
    expect(nextTarget(entries, at('gantt'), 'ArrowLeft')?.id).toBe('tasks');
    expect(nextTarget(entries, at('stats'), 'ArrowLeft')).toBeUndefined();
    expect(nextTarget(entries, at('c'), 'ArrowRight')).toBeUndefined();
  });

  it('[dashboard-keyboard] up and down go to the nearest widget of the next row', () => {
    expect(nextTarget(entries, at('tasks'), 'ArrowDown')?.id).toBe('gantt');
    expect(nextTarget(entries, at('gantt'), 'ArrowDown')?.id).toBe('b');
    expect(nextTarget(entries, at('c'), 'ArrowUp')?.id).toBe('gantt');
    expect(nextTarget(entries, at('gantt'), 'ArrowUp')?.id).toBe('tasks');
    expect(nextTarget(entries, at('stats'), 'ArrowUp')).toBeUndefined();
  });
});
