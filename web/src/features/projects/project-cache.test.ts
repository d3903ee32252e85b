import { describe, expect, it } from 'vitest';
import { makeProject } from '../../../test/factories';
import { dropTeamAccess, filterProjects, replaceProject, upsertProject } from './project-cache';
import { projectStatusColor, projectStatusLabel } from './project-status';

describe('filterProjects', () => {
  const website = makeProject({ name: 'Website Redesign', description: 'New landing page' });
  const mobile = makeProject({ name: 'Mobile App', description: null });
  const api = makeProject({ name: 'Platform', description: 'Public API for PARTNERS' });

  it('[project-search] matches the name or the description, ignoring case', () => {
    expect(filterProjects([website, mobile, api], 'website')).toEqual([website]);
    expect(filterProjects([website, mobile, api], 'LANDING')).toEqual([website]);
    expect(filterProjects([website, mobile, api], 'partners')).toEqual([api]);
    expect(filterProjects([website, mobile, api], 'a')).toEqual([website, mobile, api]);
  });

  it('[project-search] keeps every project for a blank query and finds none for no match', () => {
    expect(filterProjects([website, mobile], '   ')).toEqual([website, mobile]);
    expect(filterProjects([website, mobile], 'zzz')).toEqual([]);
  });

  it('trims the query', () => {
    expect(filterProjects([website, mobile], '  mobile ')).toEqual([mobile]);
  });
});

describe('project list updaters', () => {
  it('adds a new project with the given access and keeps the access of a known one', () => {
    const guest = makeProject({ access: 'guest' });
    const { access: _access, ...fields } = guest;
    const renamed = upsertProject([guest], { ...fields, name: 'Renamed' }, 'team');
    expect(renamed).toEqual([{ ...guest, name: 'Renamed' }]);
    const other = makeProject();
    const { access: _a, ...otherFields } = other;
    expect(upsertProject([guest], otherFields, 'team')).toEqual([guest, { ...otherFields, access: 'team' }]);
  });

  it('replaces only projects already listed', () => {
    const a = makeProject();
    const b = makeProject();
    expect(replaceProject([a], { ...b, name: 'x' })).toEqual([a]);
    expect(replaceProject([a], { ...a, status: 'completed' })[0]?.status).toBe('completed');
  });

  it('drops the team projects of a team but keeps guest invitations', () => {
    const teamId = crypto.randomUUID();
    const viaTeam = makeProject({ teamId });
    const asGuest = makeProject({ teamId, access: 'guest' });
    const elsewhere = makeProject();
    expect(dropTeamAccess([viaTeam, asGuest, elsewhere], teamId)).toEqual([asGuest, elsewhere]);
  });
});

describe('project status', () => {
  it('[project-status-colors] active green, completed blue, on-hold yellow, other grey', () => {
    expect(projectStatusColor('active')).toBe('green');
    expect(projectStatusColor('completed')).toBe('blue');
    expect(projectStatusColor('on-hold')).toBe('yellow');
    expect(projectStatusColor('archived')).toBe('grey');
  });

  it('labels known statuses and shows unknown ones as they are', () => {
    expect(projectStatusLabel('on-hold')).toBe('On Hold');
    expect(projectStatusLabel('archived')).toBe('archived');
  });
});
