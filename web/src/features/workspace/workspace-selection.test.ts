import { describe, expect, it } from 'vitest';
import { makeProject, makeTeam } from '../../../test/factories';
import { SHARED_SCOPE } from '../teams';
import { guestProjectsOf, resolveProject, resolveScope, scopeOfProject } from './workspace-selection';

describe('resolveScope', () => {
  const a = makeTeam({ name: 'A' });
  const b = makeTeam({ name: 'B' });
  const guest = makeProject({ access: 'guest' });

  it('[workspace-auto-select] picks the first team when nothing is chosen', () => {
    expect(resolveScope([a, b], [], null)).toEqual({ kind: 'team', team: a });
  });

  it('keeps the chosen team while the user belongs to it, else falls back to the first', () => {
    expect(resolveScope([a, b], [], b.id)).toEqual({ kind: 'team', team: b });
    expect(resolveScope([a], [], b.id)).toEqual({ kind: 'team', team: a });
  });

  it('[workspace-guest] shows shared projects when chosen, or when there is no team', () => {
    expect(resolveScope([a], [guest], SHARED_SCOPE)).toEqual({ kind: 'shared' });
    expect(resolveScope([], [guest], null)).toEqual({ kind: 'shared' });
    expect(resolveScope([], [guest], a.id)).toEqual({ kind: 'shared' });
    expect(resolveScope([a], [], SHARED_SCOPE)).toEqual({ kind: 'team', team: a });
  });

  it('[workspace-welcome] is empty without teams and shared projects', () => {
    expect(resolveScope([], [], null)).toEqual({ kind: 'none' });
  });
});

describe('resolveProject', () => {
  const first = makeProject({ name: 'Alpha' });
  const second = makeProject({ name: 'Beta', description: 'marketing' });
  const third = makeProject({ name: 'Gamma' });

  it('[workspace-auto-select] selects the first project when nothing is chosen', () => {
    expect(resolveProject([first, second, third], '', null).project).toBe(first);
  });

  it('keeps a chosen project that matches the search', () => {
    expect(resolveProject([first, second, third], '', third.id).project).toBe(third);
    expect(resolveProject([first, second, third], 'a', third.id).project).toBe(third);
  });

  it('[workspace-auto-select] moves to the first matching project when the chosen one is filtered out', () => {
    const selection = resolveProject([first, second, third], 'MARKET', first.id);
    expect(selection.matching).toEqual([second]);
    expect(selection.project).toBe(second);
  });

  it('selects nothing when no project matches or there are none', () => {
    expect(resolveProject([first], 'zzz', first.id)).toEqual({ matching: [], project: null });
    expect(resolveProject([], '', null)).toEqual({ matching: [], project: null });
  });
});

describe('scopes of projects', () => {
  it('puts team projects in their team and guest projects in the shared list', () => {
    const viaTeam = makeProject();
    const asGuest = makeProject({ access: 'guest' });
    expect(scopeOfProject(viaTeam)).toBe(viaTeam.teamId);
    expect(scopeOfProject(asGuest)).toBe(SHARED_SCOPE);
    expect(guestProjectsOf([viaTeam, asGuest])).toEqual([asGuest]);
    expect(guestProjectsOf(undefined)).toEqual([]);
  });
});
