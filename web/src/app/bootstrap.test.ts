import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AUTH_USER_KEY } from '../features/auth';
import { projectPeopleKey, teamProjectsKey, USER_PROJECTS_KEY } from '../features/projects';
import { TEAMS_KEY } from '../features/teams';
import { seedBootstrap } from './bootstrap';

/** A page whose bootstrap element holds `text` (null: the page has none). */
const page = (text: string | null) => ({ getElementById: (id: string) => (id === 'planline-bootstrap' && text !== null ? { textContent: text } : null) }) as unknown as Document;

const user = {
  id: '6f1c2a8e-0d7b-4c1e-9a51-1d2f3e4a5b6c',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  currentPlan: 'free',
  isEmailVerified: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('[workspace-bootstrap] the page’s first reads', () => {
  it('go into the query cache when they parse, and leave the rest to be read', () => {
    const client = new QueryClient();
    expect(seedBootstrap(client, page(JSON.stringify({ user, teams: [{ id: 'not a team' }], userProjects: [] })))).toBe(true);
    expect(client.getQueryData(AUTH_USER_KEY)).toMatchObject({ id: user.id, email: user.email });
    expect(client.getQueryData(USER_PROJECTS_KEY)).toEqual([]);
    // A list that does not parse is not taken: the page reads it itself.
    expect(client.getQueryData(TEAMS_KEY)).toBeUndefined();
  });

  it('give the people of the project the workspace likely opens, when they parse', () => {
    const projectId = 'b0000000-0000-4000-8000-000000000009';
    const person = { id: user.id, firstName: 'Ada', lastName: 'Lovelace', email: user.email, profileImageUrl: null };
    const client = new QueryClient();
    seedBootstrap(client, page(JSON.stringify({ user, likelyProjectId: projectId, likelyProjectPeople: [person] })));
    expect(client.getQueryData(projectPeopleKey(projectId))).toEqual([person]);
    const unread = new QueryClient();
    seedBootstrap(unread, page(JSON.stringify({ user, likelyProjectId: projectId, likelyProjectPeople: [{ id: 'nobody' }] })));
    expect(unread.getQueryData(projectPeopleKey(projectId))).toBeUndefined();
  });

  it("give each team its projects from the person's list, in the list's order", () => {
    const client = new QueryClient();
    const teamId = 'a1c2e3f4-0000-4000-8000-000000000001';
    const team = {
      id: teamId,
      name: 'Foundry',
      teamCode: 'FDRY42',
      subscriptionStatus: 'trial',
      trialEndsAt: null,
      ownerId: user.id,
      subscriptionPlan: 'free',
      effectivePlan: 'free',
      role: 'owner',
    };
    const project = (n: number, access: 'team' | 'guest', inTeam = teamId) => ({
      id: `b0000000-0000-4000-8000-00000000000${n}`,
      name: `Project ${n}`,
      description: null,
      teamId: inTeam,
      projectCode: `P-${n}`,
      status: 'active',
      startDate: null,
      endDate: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      autoSchedule: true,
      workingWeekdays: [1, 2, 3, 4, 5],
      holidays: [],
      access,
    });
    const listed = [project(1, 'team'), project(2, 'guest', 'c0000000-0000-4000-8000-000000000009'), project(3, 'team')];
    seedBootstrap(client, page(JSON.stringify({ user, teams: [team], userProjects: listed })));
    expect(client.getQueryData<{ id: string }[]>(TEAMS_KEY)?.map((t) => t.id)).toEqual([teamId]);
    expect(client.getQueryData<{ id: string }[]>(teamProjectsKey(teamId))?.map((p) => p.id)).toEqual([listed[0]!.id, listed[2]!.id]);
  });

  it('are nothing without a user that parses, or without the element', () => {
    for (const text of [null, '', '{oops', JSON.stringify({ user: { id: 1 }, teams: [] }), '[]']) {
      const client = new QueryClient();
      expect(seedBootstrap(client, page(text))).toBe(false);
      expect(client.getQueryData(AUTH_USER_KEY)).toBeUndefined();
      expect(client.getQueryData(TEAMS_KEY)).toBeUndefined();
    }
  });
});
