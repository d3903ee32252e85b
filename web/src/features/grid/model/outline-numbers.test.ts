import { describe, expect, it } from 'vitest';
import { outlineNumbers } from './outline-numbers';

describe('[grid-row-numbers] row and WBS numbers', () => {
  it('numbers rows in outline order and WBS by the outline path', () => {
    const depth = new Map([['a', 0], ['a1', 1], ['a1x', 2], ['a2', 1], ['b', 0], ['b1', 1]]);
    const numbers = outlineNumbers(['a', 'a1', 'a1x', 'a2', 'b', 'b1'], depth);
    expect([...numbers.wbs.values()]).toEqual(['1', '1.1', '1.1.1', '1.2', '2', '2.1']);
    expect(numbers.rowOf.get('b1')).toBe(6);
  });

  it('a plan without an outline is numbered 1, 2, 3', () => {
    expect([...outlineNumbers(['a', 'b', 'c'], new Map()).wbs.values()]).toEqual(['1', '2', '3']);
  });
});
