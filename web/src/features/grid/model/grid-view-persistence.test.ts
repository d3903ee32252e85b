import { defaultGridView, type GridView } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { namesOtherProject, queryWithView, viewFromQuery } from './grid-view-persistence';

const VIEW_ID = '0b7d2a4e-8c1f-4f3a-9d2e-5a6b7c8d9e0f';
const grouped: GridView = { ...defaultGridView(), filter: { ...defaultGridView().filter, status: ['blocked'], text: 'pour' }, groupBy: 'assignee' };

describe('[grid-view-url] the view in the page\'s query string', () => {
  it('round-trips a saved view with its parts, keeping the page\'s own keys', () => {
    const query = queryWithView('?task=abc', { view: grouped, savedViewId: VIEW_ID });
    expect(new URLSearchParams(query).get('task')).toBe('abc');
    expect(viewFromQuery(`?${query}`)).toEqual({ view: grouped, savedViewId: VIEW_ID });
  });

  it('carries nothing when the URL names no part of a view; a bad view id is dropped', () => {
    expect(viewFromQuery('?task=abc')).toBeNull();
    expect(viewFromQuery('?view=nope&group=status')).toEqual({ view: { ...defaultGridView(), groupBy: 'status' }, savedViewId: null });
  });

  it('names the project a link opens, and tells a link to another project apart', () => {
    const query = queryWithView('', { view: grouped, savedViewId: null }, 'p1');
    expect(new URLSearchParams(query).get('project')).toBe('p1');
    expect(namesOtherProject(query, 'p1')).toBe(false);
    expect(namesOtherProject(query, 'p2')).toBe(true);
    expect(queryWithView(query, { view: defaultGridView(), savedViewId: null }, 'p1')).toBe('');
  });

  it('replaces the view\'s keys when the view changes (none left for the default view)', () => {
    const before = queryWithView('', { view: grouped, savedViewId: VIEW_ID });
    expect(queryWithView(before, { view: defaultGridView(), savedViewId: null })).toBe('');
  });
});
