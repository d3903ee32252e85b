import { expect, it } from 'vitest';
import { TASK_PRIORITIES, TASK_STATUSES } from '../schemas/enums.js';
import { cycleValue, nextPriority, nextStatus } from './cycle-values.js';

it('[grid-cycle-keys] status goes round the domain’s statuses both ways', () => {
  expect(TASK_STATUSES.map((s) => nextStatus(s))).toEqual(['in_progress', 'completed', 'blocked', 'pending']);
  expect(TASK_STATUSES.map((s) => nextStatus(s, -1))).toEqual(['blocked', 'pending', 'in_progress', 'completed']);
  // The dashboard's hyphenated spelling is the same status.
  expect(nextStatus('in-progress')).toBe('completed');
});

it('[grid-cycle-keys] priority goes round the domain’s priorities both ways', () => {
  expect(TASK_PRIORITIES.map((p) => nextPriority(p))).toEqual(['medium', 'high', 'critical', 'low']);
  expect(TASK_PRIORITIES.map((p) => nextPriority(p, -1))).toEqual(['critical', 'low', 'medium', 'high']);
});

it('[grid-cycle-keys] an unknown value starts at the end it is entered from', () => {
  expect(cycleValue(['a', 'b', 'c'], 'x')).toBe('a');
  expect(cycleValue(['a', 'b', 'c'], 'x', -1)).toBe('c');
});
