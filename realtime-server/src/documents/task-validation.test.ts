import { describe, expect, it } from 'vitest';
import { judgeDependencies } from './task-validation.js';

const edge = (taskId: string, dependsOnTaskId: string) => ({ taskId, dependsOnTaskId });
const exists = (id: string) => id !== 'gone';

describe('judgeDependencies', () => {
  it('keeps stored edges, accepts a new acyclic edge and refuses one that closes a cycle', () => {
    const stored = new Set(['b->a', 'c->b']);
    const verdict = judgeDependencies([edge('b', 'a'), edge('c', 'b'), edge('d', 'c'), edge('a', 'c')], stored, exists);
    expect(verdict.keep).toEqual([edge('b', 'a'), edge('c', 'b'), edge('d', 'c')]);
    expect(verdict.refuse).toEqual([edge('a', 'c')]);
  });

  it('of two new edges that form a cycle together, refuses the second', () => {
    const verdict = judgeDependencies([edge('x', 'y'), edge('y', 'x')], new Set(), exists);
    expect(verdict.keep).toEqual([edge('x', 'y')]);
    expect(verdict.refuse).toEqual([edge('y', 'x')]);
  });

  it('refuses edges to a task that no longer exists, stored or not, and self-dependencies', () => {
    const verdict = judgeDependencies([edge('a', 'gone'), edge('gone', 'a'), edge('a', 'a')], new Set(['a->gone']), exists);
    expect(verdict.keep).toEqual([]);
    expect(verdict.refuse).toHaveLength(3);
  });

  it('judges a long chain of stored edges without rechecking them (a new edge closing it is still caught)', () => {
    const chain = Array.from({ length: 5000 }, (_, i) => edge(`t${i + 1}`, `t${i}`));
    const stored = new Set(chain.map((e) => `${e.taskId}->${e.dependsOnTaskId}`));
    const verdict = judgeDependencies([...chain, edge('t0', 't5000')], stored, exists);
    expect(verdict.keep).toHaveLength(5000);
    expect(verdict.refuse).toEqual([edge('t0', 't5000')]);
  });
});
