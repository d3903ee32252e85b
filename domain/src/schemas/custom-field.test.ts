import { describe, expect, it } from 'vitest';
import { customValuesPatchSchema, judgeCustomValues, mergeCustomValues, type CustomFieldDefinitions } from './custom-field.js';
import { taskFieldSchemas } from './task.js';

const COST = '00000000-0000-4000-8000-0000000000c1';
const PHASE = '00000000-0000-4000-8000-0000000000c2';
const GONE = '00000000-0000-4000-8000-0000000000c3';
const fields: CustomFieldDefinitions = new Map([
  [COST, { name: 'Cost', type: 'number', options: [] }],
  [PHASE, { name: 'Phase', type: 'choice', options: ['Design', 'Build'] }],
]);

describe('[custom-values] judging custom values against the project’s fields', () => {
  it('keeps values that fit; one of the wrong type or option goes back to its value before, alone', () => {
    const judged = judgeCustomValues({ [COST]: 'ten', [PHASE]: 'Build' }, { [COST]: 5 }, fields);
    expect(judged.values).toEqual({ [COST]: 5, [PHASE]: 'Build' });
    expect(judged.problems).toEqual(['Cost must be a number (at most 1e+12 either way)']);
    expect(judgeCustomValues({ [PHASE]: 'Launch' }, { [PHASE]: 'Design' }, fields).values).toEqual({ [PHASE]: 'Design' });
  });

  it('a value of a field the project does not define is refused; one held already and unchanged is not judged again', () => {
    const fresh = judgeCustomValues({ [GONE]: 'x' }, {}, fields);
    expect(fresh.values).toEqual({});
    expect(fresh.problems[0]).toContain('no field');
    expect(judgeCustomValues({ [GONE]: 'x', [COST]: 1 }, { [GONE]: 'x' }, fields)).toEqual({ values: { [GONE]: 'x', [COST]: 1 }, problems: [] });
  });

  it('a value taken out is taken out whatever the fields say', () => {
    expect(judgeCustomValues({}, { [COST]: 5 }, new Map())).toEqual({ values: {}, problems: [] });
  });
});

describe('[custom-values] the shape of `custom`', () => {
  it('is canonical: ids lower-case and in order, empty values left out', () => {
    const parsed = taskFieldSchemas.custom.parse({ [PHASE.toUpperCase()]: 'Build', [COST]: 0, [GONE]: '' });
    expect(parsed).toEqual({ [COST]: 0, [PHASE]: 'Build' });
    expect(Object.keys(parsed)).toEqual([COST, PHASE]);
    expect(taskFieldSchemas.custom.safeParse({ cost: 1 }).success).toBe(false);
    expect(taskFieldSchemas.custom.safeParse({ [COST]: { nested: true } }).success).toBe(false);
  });

  it('a PATCH merges: the listed fields replace, null clears, others stay', () => {
    const patch = customValuesPatchSchema.parse({ [COST.toUpperCase()]: null, [PHASE]: 'Design' });
    expect(patch).toEqual({ [COST]: null, [PHASE]: 'Design' });
    expect(mergeCustomValues({ [COST]: 5, [GONE]: true }, patch)).toEqual({ [GONE]: true, [PHASE]: 'Design' });
  });
});
