import { describe, expect, it } from 'vitest';
import { decodeGridView, defaultGridView, encodeGridView, gridViewSchema, namedGridViewSchema, type GridView } from './view.js';

const busy: GridView = {
  columns: [
    { id: 'name', width: 320 },
    { id: 'status', width: 120 },
    { id: 'start', width: 110 },
    { id: 'assignee', width: 200 },
  ],
  filter: {
    status: ['pending', 'blocked'],
    assigneeIds: ['0b9a1f4e-6c1d-4a57-9a53-3c9f1f0d6a11', 'none'],
    priority: ['high', 'critical'],
    critical: true,
    lateAgainstBaseline: true,
    from: '2026-12-01',
    to: '2026-12-31',
    text: 'pour & cure, 50%',
  },
  sort: [
    { column: 'start', direction: 'asc' },
    { column: 'name', direction: 'desc' },
  ],
  groupBy: 'assignee',
};

describe('[grid-view] schema and defaults', () => {
  it("the default view is PRODUCT-SPEC's 320 px name column alone, unfiltered, in outline order", () => {
    const view = defaultGridView();
    expect(gridViewSchema.parse(view)).toEqual(view);
    expect(view.columns).toEqual([{ id: 'name', width: 320 }]);
    expect(view).toMatchObject({ sort: [], groupBy: 'none', filter: { status: [], text: '', critical: false } });
    // Each call is a fresh object: editing one view leaves the defaults alone.
    view.filter.status.push('pending');
    expect(defaultGridView().filter.status).toEqual([]);
  });

  it('refuses a view that repeats a column, shows none, or sorts by an unknown column', () => {
    expect(gridViewSchema.safeParse(busy).success).toBe(true);
    expect(gridViewSchema.safeParse({ ...busy, columns: [busy.columns[0], busy.columns[0]] }).error?.issues[0]?.message).toBe('A column can be shown once');
    expect(gridViewSchema.safeParse({ ...busy, columns: [] }).error?.issues[0]?.message).toBe('A view shows at least one column');
    expect(gridViewSchema.safeParse({ ...busy, sort: [{ column: 'colour', direction: 'asc' }] }).success).toBe(false);
    // A custom field's column is cf: and the field's id; anything else after cf: is not a column.
    expect(gridViewSchema.safeParse({ ...busy, columns: [{ id: 'cf:0b9a1f4e-6c1d-4a57-9a53-3c9f1f0d6a11', width: 140 }] }).success).toBe(true);
    expect(gridViewSchema.safeParse({ ...busy, columns: [{ id: 'cf:colour', width: 140 }] }).success).toBe(false);
    expect(namedGridViewSchema.safeParse({ name: '  ', view: busy }).error?.issues[0]?.message).toBe('Name the view');
  });
});

describe('[grid-view-url] encode and decode', () => {
  it('writes the default view as nothing', () => {
    expect(encodeGridView(defaultGridView())).toBe('');
    expect(decodeGridView('')).toEqual(defaultGridView());
  });

  it('round-trips a busy view through a compact query string', () => {
    const query = encodeGridView(busy);
    expect(query).toBe(
      'cols=name%2Cstatus%2Cstart%2Cassignee%3A200&st=pending%2Cblocked&as=0b9a1f4e-6c1d-4a57-9a53-3c9f1f0d6a11%2Cnone' +
        '&pr=high%2Ccritical&crit=1&late=1&from=2026-12-01&to=2026-12-31&q=pour+%26+cure%2C+50%25&sort=start%2C-name&group=assignee',
    );
    expect(decodeGridView(query)).toEqual(busy);
    expect(decodeGridView(`?${query}`)).toEqual(busy);
    expect(decodeGridView(new URLSearchParams(query))).toEqual(busy);
  });

  it('round-trips each part alone', () => {
    const parts: Partial<GridView>[] = [
      { groupBy: 'phase' },
      { sort: [{ column: 'progress', direction: 'desc' }] },
      { columns: [{ id: 'predecessors', width: 40 }] },
    ];
    for (const part of parts) {
      const view = { ...defaultGridView(), ...part };
      expect(decodeGridView(encodeGridView(view))).toEqual(view);
    }
  });

  it('[grid-view-url] round-trips a custom field filter of each value type, dropping unreadable ones', () => {
    const RISK = 'f0000000-0000-4000-8000-000000000002';
    const SIZE = 'f0000000-0000-4000-8000-000000000001';
    const DONE = 'f0000000-0000-4000-8000-000000000004';
    const view = { ...defaultGridView(), filter: { ...defaultGridView().filter, custom: { [RISK]: 'High, "very"', [SIZE]: 3, [DONE]: false } } };
    expect(gridViewSchema.parse(view)).toEqual(view);
    expect(decodeGridView(encodeGridView(view))).toEqual(view);
    expect(decodeGridView(`cf.${RISK}=not-json&cf.nope=1&cf.${SIZE}=%7B%7D`).filter.custom).toBeUndefined();
  });

  it('reads bad parts as their defaults without throwing, keeping the good ones', () => {
    const view = decodeGridView(
      'cols=name:9999,bogus,status,status:abc&st=pending,done&pr=urgent&crit=yes&late=1&from=2026-02-30&to=tomorrow&sort=-start,colour,start&group=team&zzz=1',
    );
    expect(view.columns).toEqual([
      { id: 'name', width: 320 },
      { id: 'status', width: 120 },
    ]);
    expect(view.filter).toMatchObject({ status: ['pending'], priority: [], critical: false, lateAgainstBaseline: true, from: null, to: null });
    expect(view.sort).toEqual([{ column: 'start', direction: 'desc' }]);
    expect(view.groupBy).toBe('none');
    expect(gridViewSchema.safeParse(view).success).toBe(true);
  });

  it('never throws on garbage, answering a valid view', () => {
    for (const junk of ['%%%', '&&&=', 'cols=', 'cols=,,,', 'q=' + 'x'.repeat(5000), 'sort=-,-,-', '=', '?', 'st=%E0%A4%A']) {
      const view = decodeGridView(junk);
      expect(gridViewSchema.safeParse(view).success, junk).toBe(true);
    }
    expect(decodeGridView('cols=,,,').columns).toEqual(defaultGridView().columns);
    expect(decodeGridView('q=' + 'x'.repeat(5000)).filter.text).toHaveLength(200);
  });

  it('keeps at most three sort levels, each column once', () => {
    expect(decodeGridView('sort=name,-name,start,finish,duration').sort.map((s) => s.column)).toEqual(['name', 'start', 'finish']);
  });
});
