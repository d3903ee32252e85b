import type { CustomField } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { optionsFromText, withoutField, withSavedField } from './custom-fields.cache';

const field = (id: string, position: number, name = id): CustomField => ({
  id,
  projectId: '00000000-0000-4000-8000-000000000000',
  name,
  type: 'text',
  options: [],
  position,
  createdAt: `2026-11-29T10:00:0${position}.000Z`,
});

describe('[custom-fields] the cached list of fields', () => {
  it('adds a field in column order and replaces one saved again', () => {
    const list = [field('a', 0), field('c', 2)];
    expect(withSavedField(list, field('b', 1)).map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(withSavedField(list, field('a', 3, 'Renamed')).map((f) => [f.id, f.name])).toEqual([['c', 'c'], ['a', 'Renamed']]);
    expect(list.map((f) => f.id)).toEqual(['a', 'c']);
  });

  it('takes a removed field out', () => {
    expect(withoutField([field('a', 0), field('b', 1)], 'a').map((f) => f.id)).toEqual(['b']);
  });

  it('reads options one per line, trimmed, without blank lines', () => {
    expect(optionsFromText(' Design \n\nBuild\n  ')).toEqual(['Design', 'Build']);
  });
});
