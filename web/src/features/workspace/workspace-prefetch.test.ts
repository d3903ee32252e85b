import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProject, makeTeam } from '../../../test/factories';
import { createQueryClient } from '../../lib/query-client';
import { teamProjectsKey, USER_PROJECTS_KEY } from '../projects';
import { TEAMS_KEY } from '../teams';
import { resolveWorkspaceProject, teamProjectsIn } from './workspace-prefetch';
import { useWorkspaceUi } from '../../app/workspace-ui.store';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers GET reads by URL; a URL mapped to null never answers (a read still in flight). */
function stubReads(answers: Record<string, Response | null>) {
  const fetchMock = vi.fn((url: string) => {
    const answer = answers[url];
    if (answer === undefined) return Promise.resolve(json({ message: 'Not found' }, 404));
    return answer === null ? new Promise<Response>(() => {}) : Promise.resolve(answer.clone());
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useWorkspaceUi.setState({ selectedTeamId: null, selectedProjectId: null, projectSearch: '' });
});

describe('resolveWorkspaceProject', () => {
  const team = makeTeam();
  const other = makeTeam();
  const first = makeProject({ teamId: team.id });
  const second = makeProject({ teamId: team.id });
  const elsewhere = makeProject({ teamId: other.id });
  const guest = makeProject({ access: 'guest' });

  it("[workspace-auto-select] picks the first team's first project without waiting for the team's project read", async () => {
    const fetchMock = stubReads({
      '/api/teams': json([team, other]),
      '/api/projects/user': json([first, elsewhere, second, guest]),
      [`/api/teams/${team.id}/projects`]: null,
    });
    const queryClient = createQueryClient();
    await expect(resolveWorkspaceProject(queryClient)).resolves.toEqual(first);
    // The page's own read of the team's projects has started and is left to finish.
    expect(fetchMock).toHaveBeenCalledWith(`/api/teams/${team.id}/projects`, { credentials: 'include' });
    expect(queryClient.getQueryData(TEAMS_KEY)).toEqual([team, other]);
    expect(queryClient.getQueryData(USER_PROJECTS_KEY)).toEqual([first, elsewhere, second, guest]);
  });

  it('[workspace-auto-select] follows the choices kept from the last visit', async () => {
    stubReads({ '/api/teams': json([team, other]), '/api/projects/user': json([first, elsewhere, second]), [`/api/teams/${team.id}/projects`]: null });
    useWorkspaceUi.setState({ selectedTeamId: team.id, selectedProjectId: second.id });
    await expect(resolveWorkspaceProject(createQueryClient())).resolves.toEqual(second);
  });

  it("falls back to the team's project read when the user's list fails", async () => {
    stubReads({ '/api/teams': json([team]), '/api/projects/user': json({ message: 'boom' }, 500), [`/api/teams/${team.id}/projects`]: json([second]) });
    const queryClient = createQueryClient();
    await expect(resolveWorkspaceProject(queryClient)).resolves.toEqual(second);
    expect(queryClient.getQueryData(teamProjectsKey(team.id))).toEqual([second]);
  });

  it('[workspace-guest] opens a shared project when there is no team', async () => {
    stubReads({ '/api/teams': json([]), '/api/projects/user': json([guest]) });
    await expect(resolveWorkspaceProject(createQueryClient())).resolves.toEqual(guest);
  });

  it('[workspace-welcome] is null without teams and projects, and for a team without projects', async () => {
    stubReads({ '/api/teams': json([]), '/api/projects/user': json([]) });
    await expect(resolveWorkspaceProject(createQueryClient())).resolves.toBeNull();
    stubReads({ '/api/teams': json([team]), '/api/projects/user': json([]), [`/api/teams/${team.id}/projects`]: null });
    await expect(resolveWorkspaceProject(createQueryClient())).resolves.toBeNull();
  });

  it('fails when the teams cannot be read, leaving the error for the page to show', async () => {
    stubReads({ '/api/teams': json({ message: 'Unauthorized' }, 401), '/api/projects/user': json([]) });
    const queryClient = createQueryClient();
    await expect(resolveWorkspaceProject(queryClient)).rejects.toThrow(/^401: /);
    expect(queryClient.getQueryState(TEAMS_KEY)?.status).toBe('error');
  });
});

describe('teamProjectsIn', () => {
  it("keeps the team's own projects in the list's order, without guest access", () => {
    const team = makeTeam();
    const a = makeProject({ teamId: team.id });
    const b = makeProject({ teamId: team.id });
    const guestOfTeam = makeProject({ teamId: team.id, access: 'guest' });
    expect(teamProjectsIn([a, makeProject(), guestOfTeam, b], team.id)).toEqual([a, b]);
  });
});
