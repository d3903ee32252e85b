import { describe, expect, it } from 'vitest';
import { importFormatOf, importUrl } from './import.api';

describe('[import] the request the dialog sends', () => {
  it.each([
    ['Plan.XML', 'mspdi'],
    ['q3 plan.csv', 'csv'],
    ['budget.v2.xlsx', 'xlsx'],
    ['old.xls', null],
    ['plan.mpp', null],
    ['csv', null],
  ])('%s is read as %s', (name, format) => {
    expect(importFormatOf(name)).toBe(format);
  });

  it('names the file and the changed columns in the query, encoded', () => {
    const url = importUrl({ projectId: 'p1', fileName: 'Q3 & Q4.csv', format: 'csv', mode: 'replace', preview: true, columns: { start: 'Begin', finish: '' } });
    const query = new URL(url, 'https://x.test').searchParams;
    expect(url.startsWith('/api/projects/p1/import?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({ format: 'csv', mode: 'replace', preview: 'true', fileName: 'Q3 & Q4.csv', columns: '{"start":"Begin","finish":""}' });
    expect(new URL(importUrl({ projectId: 'p1', fileName: 'a.xml', format: 'mspdi', mode: 'append', preview: false }), 'https://x.test').searchParams.has('columns')).toBe(false);
  });
});
