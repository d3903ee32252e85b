import { describe, expect, it } from 'vitest';
import { editorKeyAction, gridKeyAction, rowsBetween, type KeyPress } from './grid-keys';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
const size = { rows: 20, cols: 4 };
const at = { row: 5, col: 1 };

describe('[grid-keys] keys on a cell', () => {
  it('arrows move the cursor within the grid; Shift extends the selection', () => {
    expect(gridKeyAction(press('ArrowDown'), at, size, false)).toEqual({ do: 'move', to: { row: 6, col: 1 }, extend: false });
    expect(gridKeyAction(press('ArrowUp', { shiftKey: true }), at, size, false)).toEqual({ do: 'move', to: { row: 4, col: 1 }, extend: true });
    expect(gridKeyAction(press('ArrowLeft'), { row: 0, col: 0 }, size, false)).toEqual({ do: 'move', to: { row: 0, col: 0 }, extend: false });
    expect(gridKeyAction(press('ArrowRight'), { row: 0, col: 3 }, size, false)).toMatchObject({ to: { row: 0, col: 3 } });
    expect(gridKeyAction(press('End', { ctrlKey: true }), at, size, false)).toMatchObject({ to: { row: 19, col: 3 } });
    expect(gridKeyAction(press('Home'), at, size, false)).toMatchObject({ to: { row: 5, col: 0 } });
    expect(gridKeyAction(press('PageDown'), { row: 15, col: 0 }, size, false)).toMatchObject({ to: { row: 19, col: 0 } });
  });

  it('Enter and F2 edit keeping the value, a character starts editing with it, Backspace empty', () => {
    expect(gridKeyAction(press('Enter'), at, size, false)).toEqual({ do: 'edit', draft: null });
    expect(gridKeyAction(press('F2'), at, size, false)).toEqual({ do: 'edit', draft: null });
    expect(gridKeyAction(press('5'), at, size, false)).toEqual({ do: 'edit', draft: '5' });
    expect(gridKeyAction(press('é'), at, size, false)).toEqual({ do: 'edit', draft: 'é' });
    expect(gridKeyAction(press('Backspace'), at, size, false)).toEqual({ do: 'edit', draft: '' });
  });

  it('[grid-cycle-keys] Space and + cycle forward, - back, only in a cycling column', () => {
    expect(gridKeyAction(press(' '), at, size, true)).toEqual({ do: 'cycle', step: 1 });
    expect(gridKeyAction(press('-'), at, size, true)).toEqual({ do: 'cycle', step: -1 });
    expect(gridKeyAction(press('-'), at, size, false)).toEqual({ do: 'edit', draft: '-' });
    expect(gridKeyAction(press(' '), at, size, false)).toBeNull();
  });

  it('leaves Tab, shortcuts and modifiers alone; Alt+Enter opens the details', () => {
    expect(gridKeyAction(press('Tab'), at, size, false)).toBeNull();
    expect(gridKeyAction(press('z', { ctrlKey: true }), at, size, false)).toBeNull();
    expect(gridKeyAction(press('Shift', { shiftKey: true }), at, size, false)).toBeNull();
    expect(gridKeyAction(press('Enter', { altKey: true }), at, size, false)).toEqual({ do: 'details' });
  });
});

describe('[grid-keys] keys while typing', () => {
  it('Enter commits and moves down, Shift+Enter up, Tab right, Shift+Tab left, Escape cancels', () => {
    expect(editorKeyAction(press('Enter'))).toEqual({ do: 'commit', move: { row: 1, col: 0 } });
    expect(editorKeyAction(press('Enter', { shiftKey: true }))).toEqual({ do: 'commit', move: { row: -1, col: 0 } });
    expect(editorKeyAction(press('Tab'))).toEqual({ do: 'commit', move: { row: 0, col: 1 } });
    expect(editorKeyAction(press('Tab', { shiftKey: true }))).toEqual({ do: 'commit', move: { row: 0, col: -1 } });
    expect(editorKeyAction(press('Escape'))).toEqual({ do: 'cancel' });
    expect(editorKeyAction(press('a'))).toBeNull();
  });

  it('a Shift selection is every row between the anchor and the cursor, either way', () => {
    expect(rowsBetween(['a', 'b', 'c', 'd'], 'c', 'a')).toEqual(['a', 'b', 'c']);
    expect(rowsBetween(['a', 'b', 'c', 'd'], 'b', 'd')).toEqual(['b', 'c', 'd']);
  });
});
