import { defaultDashboardLayout, type DashboardConfig, type JoinRequest, type Project, type Task, type TeamMember, type TeamSummary, type WeeklyReport } from '@planline/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { makeJoinRequest, makeMember, makeProject, makeTask, makeTeam, makeUser, makeWeeklyReport } from '../../../test/factories';
import { chatKey } from '../chat';
import { dashboardConfigKey } from '../dashboard';
import { customFieldsKey } from '../grid';
import { projectTasksKey, taskHistoryKey } from '../gantt';
import { latestWeeklyReportKey, weeklyReportsKey } from '../reports';
import { projectPeopleKey, teamProjectsKey, USER_PROJECTS_KEY } from '../projects';
import { NOTIFICATIONS_KEY, UNREAD_COUNT_KEY } from '../notifications';
import { joinRequestsKey, teamKey, teamMembersKey, TEAMS_KEY } from '../teams';
import { applyServerEvent, refreshAfterReconnect, type RealtimeEffects } from './apply-server-event';
import { parseServerEvent } from './server-events';

const me = crypto.randomUUID();

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const effects: RealtimeEffects = { userId: me, onRemovedFromTeam: vi.fn() };
  const team = makeTeam();
  queryClient.setQueryData<TeamSummary[]>(TEAMS_KEY, [team]);
  return { queryClient, effects, team };
}

const isInvalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? null;

describe('parseServerEvent', () => {
  it('[realtime-validate] accepts a payload that fits the protocol', () => {
    const request = makeJoinRequest();
    expect(parseServerEvent('joinRequest:created', { teamId: request.teamId, request })).toEqual({
      name: 'joinRequest:created',
      payload: { teamId: request.teamId, request },
    });
  });

  it('[realtime-validate] drops a malformed payload', () => {
    expect(parseServerEvent('member:removed', { teamId: 'nope', userId: me })).toBeNull();
    expect(parseServerEvent('project:created', null)).toBeNull();
  });
});

describe('applyServerEvent', () => {
  it('[join-requests-live] adds a new request to the cached list (the badge counts it)', () => {
    const { queryClient, effects, team } = setup();
    queryClient.setQueryData<JoinRequest[]>(joinRequestsKey(team.id), []);
    const request = makeJoinRequest({ teamId: team.id });
    applyServerEvent(queryClient, { name: 'joinRequest:created', payload: { teamId: team.id, request } }, effects);
    expect(queryClient.getQueryData(joinRequestsKey(team.id))).toEqual([request]);
  });

  it('leaves an unread list unread', () => {
    const { queryClient, effects, team } = setup();
    const request = makeJoinRequest({ teamId: team.id });
    applyServerEvent(queryClient, { name: 'joinRequest:created', payload: { teamId: team.id, request } }, effects);
    expect(queryClient.getQueryData(joinRequestsKey(team.id))).toBeUndefined();
  });

  it('[join-requests-live] removes an answered request', () => {
    const { queryClient, effects, team } = setup();
    const request = makeJoinRequest({ teamId: team.id });
    queryClient.setQueryData<JoinRequest[]>(joinRequestsKey(team.id), [request]);
    applyServerEvent(
      queryClient,
      { name: 'joinRequest:responded', payload: { teamId: team.id, requestId: request.id, userId: request.user.id, response: 'denied' } },
      effects,
    );
    expect(queryClient.getQueryData(joinRequestsKey(team.id))).toEqual([]);
  });

  it('[members-live] adds a joined member, clears their request and refreshes the counts', () => {
    const { queryClient, effects, team } = setup();
    const user = makeUser();
    const owner = makeMember({ teamId: team.id, role: 'owner' });
    queryClient.setQueryData<TeamMember[]>(teamMembersKey(team.id), [owner]);
    queryClient.setQueryData<JoinRequest[]>(joinRequestsKey(team.id), [makeJoinRequest({ teamId: team.id, user })]);
    queryClient.setQueryData(teamKey(team.id), { memberCount: 1 });
    const member = makeMember({ teamId: team.id, user });
    applyServerEvent(queryClient, { name: 'member:joined', payload: { teamId: team.id, member } }, effects);
    expect(queryClient.getQueryData(teamMembersKey(team.id))).toEqual([owner, member]);
    expect(queryClient.getQueryData(joinRequestsKey(team.id))).toEqual([]);
    expect(isInvalidated(queryClient, teamKey(team.id))).toBe(true);
  });

  it('[members-live] removes another member from the list', () => {
    const { queryClient, effects, team } = setup();
    const gone = makeMember({ teamId: team.id });
    const stays = makeMember({ teamId: team.id });
    queryClient.setQueryData<TeamMember[]>(teamMembersKey(team.id), [stays, gone]);
    applyServerEvent(queryClient, { name: 'member:removed', payload: { teamId: team.id, userId: gone.userId } }, effects);
    expect(queryClient.getQueryData(teamMembersKey(team.id))).toEqual([stays]);
    expect(effects.onRemovedFromTeam).not.toHaveBeenCalled();
  });

  it('[members-live] drops the team of a removed user, keeps their guest projects and tells them', () => {
    const { queryClient, effects, team } = setup();
    const other = makeTeam();
    queryClient.setQueryData<TeamSummary[]>(TEAMS_KEY, [team, other]);
    const viaTeam = makeProject({ teamId: team.id });
    const asGuest = makeProject({ teamId: team.id, access: 'guest' });
    queryClient.setQueryData<Project[]>(USER_PROJECTS_KEY, [viaTeam, asGuest]);
    applyServerEvent(queryClient, { name: 'member:removed', payload: { teamId: team.id, userId: me } }, effects);
    expect(queryClient.getQueryData(TEAMS_KEY)).toEqual([other]);
    expect(queryClient.getQueryData(USER_PROJECTS_KEY)).toEqual([asGuest]);
    expect(effects.onRemovedFromTeam).toHaveBeenCalledWith(team.name);
  });

  it('[projects-live] adds a created project to the team list and the user list', () => {
    const { queryClient, effects, team } = setup();
    queryClient.setQueryData<Project[]>(teamProjectsKey(team.id), []);
    queryClient.setQueryData<Project[]>(USER_PROJECTS_KEY, []);
    const { access: _access, ...project } = makeProject({ teamId: team.id });
    applyServerEvent(queryClient, { name: 'project:created', payload: { project } }, effects);
    expect(queryClient.getQueryData(teamProjectsKey(team.id))).toEqual([{ ...project, access: 'team' }]);
    expect(queryClient.getQueryData(USER_PROJECTS_KEY)).toEqual([{ ...project, access: 'team' }]);
  });

  it('[projects-live] replaces an updated project everywhere, keeping the guest access', () => {
    const { queryClient, effects, team } = setup();
    const teamProject = makeProject({ teamId: team.id });
    const guestProject = makeProject({ access: 'guest' });
    queryClient.setQueryData<Project[]>(teamProjectsKey(team.id), [teamProject]);
    queryClient.setQueryData<Project[]>(USER_PROJECTS_KEY, [teamProject, guestProject]);
    const { access: _a, ...renamed } = { ...teamProject, name: 'Renamed' };
    applyServerEvent(queryClient, { name: 'project:updated', payload: { project: renamed } }, effects);
    const { access: _b, ...held } = { ...guestProject, status: 'on-hold' as const };
    applyServerEvent(queryClient, { name: 'project:updated', payload: { project: held } }, effects);
    expect(queryClient.getQueryData<Project[]>(teamProjectsKey(team.id))?.[0]?.name).toBe('Renamed');
    expect(queryClient.getQueryData(USER_PROJECTS_KEY)).toEqual([
      { ...teamProject, name: 'Renamed' },
      { ...guestProject, status: 'on-hold' },
    ]);
  });

  it('[access-live] refetches the team and project lists and the team it names', () => {
    const { queryClient, effects, team } = setup();
    queryClient.setQueryData<Project[]>(USER_PROJECTS_KEY, []);
    queryClient.setQueryData<TeamMember[]>(teamMembersKey(team.id), []);
    applyServerEvent(queryClient, { name: 'access:changed', payload: { teamId: team.id } }, effects);
    expect(isInvalidated(queryClient, TEAMS_KEY)).toBe(true);
    expect(isInvalidated(queryClient, USER_PROJECTS_KEY)).toBe(true);
    expect(isInvalidated(queryClient, teamMembersKey(team.id))).toBe(true);
  });

  it('[access-live] forgets cached reads of a team the user is not in', () => {
    const { queryClient, effects } = setup();
    const formerTeamId = crypto.randomUUID();
    queryClient.setQueryData<TeamMember[]>(teamMembersKey(formerTeamId), []);
    applyServerEvent(queryClient, { name: 'access:changed', payload: { teamId: formerTeamId } }, effects);
    expect(queryClient.getQueryData(teamMembersKey(formerTeamId))).toBeUndefined();
  });
});

describe('applyServerEvent: plans (issue 7)', () => {
  const proLimits = { maxProjects: null, maxMembers: 5 };
  const paid = (team: TeamSummary) => ({
    id: team.id,
    ownerId: team.ownerId,
    subscriptionPlan: 'pro' as const,
    subscriptionStatus: 'active' as const,
    trialEndsAt: null,
    effectivePlan: 'pro' as const,
    limits: proLimits,
  });

  it('[plan-live] team:updated changes the cached team and its limits at once, then reads them again', () => {
    const { queryClient, effects, team } = setup();
    const other = makeTeam();
    queryClient.setQueryData<TeamSummary[]>(TEAMS_KEY, [team, other]);
    queryClient.setQueryData(teamKey(team.id), { ...team, memberCount: 1, limits: { maxProjects: 3, maxMembers: 1 } });
    queryClient.setQueryData(['/api/auth/user'], { id: me });
    applyServerEvent(queryClient, { name: 'team:updated', payload: { teamId: team.id, team: paid(team) } }, effects);
    expect(queryClient.getQueryData<TeamSummary[]>(TEAMS_KEY)).toEqual([
      { ...team, subscriptionPlan: 'pro', subscriptionStatus: 'active', trialEndsAt: null, effectivePlan: 'pro' },
      other,
    ]);
    expect(queryClient.getQueryData(teamKey(team.id))).toMatchObject({ effectivePlan: 'pro', memberCount: 1, limits: proLimits });
    expect(isInvalidated(queryClient, TEAMS_KEY)).toBe(true);
    expect(isInvalidated(queryClient, teamKey(team.id))).toBe(true);
    // Not the owner: the user's own plan (the badge) is not this team's.
    expect(isInvalidated(queryClient, ['/api/auth/user'])).toBe(false);
  });

  it("[plan-live] the owner's plan badge is read again", () => {
    const { queryClient, effects } = setup();
    const team = makeTeam({ ownerId: me });
    queryClient.setQueryData(['/api/auth/user'], { id: me });
    applyServerEvent(queryClient, { name: 'team:updated', payload: { teamId: team.id, team: paid(team) } }, effects);
    expect(isInvalidated(queryClient, ['/api/auth/user'])).toBe(true);
  });
});

describe('applyServerEvent: project people', () => {
  it('[project-people] a member joining or leaving makes every project people list read again', () => {
    const { queryClient, effects } = setup();
    const team = makeTeam();
    const projectId = crypto.randomUUID();
    queryClient.setQueryData(projectPeopleKey(projectId), []);
    applyServerEvent(queryClient, { name: 'member:joined', payload: { teamId: team.id, member: makeMember({ teamId: team.id }) } }, effects);
    expect(isInvalidated(queryClient, projectPeopleKey(projectId))).toBe(true);
  });
});

describe('applyServerEvent: dashboard events', () => {
  const projectId = crypto.randomUUID();

  it('[dashboard-live] task:created, task:updated and task:deleted patch the cached task list without a refetch', () => {
    const { queryClient, effects } = setup();
    const a = makeTask({ projectId, order: 1 });
    queryClient.setQueryData<Task[]>(projectTasksKey(projectId), [a]);
    const b = makeTask({ projectId, order: 2 });
    applyServerEvent(queryClient, { name: 'task:created', payload: { projectId, task: b } }, effects);
    expect(queryClient.getQueryData(projectTasksKey(projectId))).toEqual([a, b]);
    const done = { ...a, status: 'completed' as const, updatedAt: '2025-02-01T00:00:00.000Z' };
    applyServerEvent(queryClient, { name: 'task:updated', payload: { projectId, task: done, fields: ['status'] } }, effects);
    expect(queryClient.getQueryData(projectTasksKey(projectId))).toEqual([done, b]);
    applyServerEvent(queryClient, { name: 'task:deleted', payload: { projectId, taskId: b.id } }, effects);
    expect(queryClient.getQueryData(projectTasksKey(projectId))).toEqual([done]);
    expect(isInvalidated(queryClient, projectTasksKey(projectId))).toBe(false);
  });

  it('[task-history] task:updated makes an open Change History read the stored change, other tasks untouched', () => {
    const { queryClient, effects } = setup();
    const task = makeTask({ projectId });
    const other = makeTask({ projectId });
    queryClient.setQueryData(taskHistoryKey(task.id), []);
    queryClient.setQueryData(taskHistoryKey(other.id), []);
    applyServerEvent(queryClient, { name: 'task:updated', payload: { projectId, task, fields: ['progress'] } }, effects);
    expect(isInvalidated(queryClient, taskHistoryKey(task.id))).toBe(true);
    expect(isInvalidated(queryClient, taskHistoryKey(other.id))).toBe(false);
  });

  it('[import-live] tasks:reloaded reads the project\'s task list and open histories again, other projects untouched', () => {
    const { queryClient, effects } = setup();
    const otherProject = crypto.randomUUID();
    const task = makeTask({ projectId });
    queryClient.setQueryData<Task[]>(projectTasksKey(projectId), [task]);
    queryClient.setQueryData<Task[]>(projectTasksKey(otherProject), []);
    queryClient.setQueryData(taskHistoryKey(task.id), []);
    applyServerEvent(queryClient, { name: 'tasks:reloaded', payload: { projectId, tasks: 10_000 } }, effects);
    expect(isInvalidated(queryClient, projectTasksKey(projectId))).toBe(true);
    expect(isInvalidated(queryClient, taskHistoryKey(task.id))).toBe(true);
    expect(isInvalidated(queryClient, projectTasksKey(otherProject))).toBe(false);
  });

  it('leaves an unread task list unread', () => {
    const { queryClient, effects } = setup();
    applyServerEvent(queryClient, { name: 'task:created', payload: { projectId, task: makeTask({ projectId }) } }, effects);
    expect(queryClient.getQueryData(projectTasksKey(projectId))).toBeUndefined();
  });

  it('[dashboard-live] dashboard:updated replaces the cached layout of that project only', () => {
    const { queryClient, effects } = setup();
    const config: DashboardConfig = { projectId, layout: defaultDashboardLayout(), isDefault: true, updatedAt: null };
    const other = crypto.randomUUID();
    queryClient.setQueryData(dashboardConfigKey(projectId), config);
    queryClient.setQueryData(dashboardConfigKey(other), { ...config, projectId: other });
    const layout = defaultDashboardLayout().slice(1);
    applyServerEvent(queryClient, { name: 'dashboard:updated', payload: { projectId, layout } }, effects);
    expect(queryClient.getQueryData<DashboardConfig>(dashboardConfigKey(projectId))).toMatchObject({ layout, isDefault: false });
    expect(queryClient.getQueryData<DashboardConfig>(dashboardConfigKey(other))?.layout).toHaveLength(3);
  });

  it('[reports-live] report:created updates the report list and the latest report', () => {
    const { queryClient, effects } = setup();
    const older = makeWeeklyReport({ projectId, weekEndingDate: '2025-01-05' });
    queryClient.setQueryData<WeeklyReport[]>(weeklyReportsKey(projectId), [older]);
    queryClient.setQueryData<WeeklyReport | null>(latestWeeklyReportKey(projectId), older);
    const report = makeWeeklyReport({ projectId, weekEndingDate: '2025-01-12' });
    applyServerEvent(queryClient, { name: 'report:created', payload: { projectId, report } }, effects);
    expect(queryClient.getQueryData(weeklyReportsKey(projectId))).toEqual([report, older]);
    expect(queryClient.getQueryData(latestWeeklyReportKey(projectId))).toEqual(report);
  });

  it('[custom-fields] customField:saved puts the field in the list (and reads it again); customField:deleted takes it out', () => {
    const { queryClient, effects } = setup();
    const field = (name: string, position: number) => ({
      id: crypto.randomUUID(),
      projectId,
      name,
      type: 'text' as const,
      options: [],
      position,
      createdAt: '2026-11-29T10:00:00.000Z',
    });
    const cost = field('Cost', 0);
    queryClient.setQueryData(customFieldsKey(projectId), [cost]);
    const phase = field('Phase', 1);
    applyServerEvent(queryClient, { name: 'customField:saved', payload: { projectId, field: phase } }, effects);
    expect(queryClient.getQueryData(customFieldsKey(projectId))).toEqual([cost, phase]);
    expect(isInvalidated(queryClient, customFieldsKey(projectId))).toBe(true);
    applyServerEvent(queryClient, { name: 'customField:deleted', payload: { projectId, fieldId: cost.id } }, effects);
    expect(queryClient.getQueryData(customFieldsKey(projectId))).toEqual([phase]);
  });

  it('[notifications-live] a new notification and a read elsewhere set the badge and refresh the inbox lists', () => {
    const { queryClient, effects } = setup();
    const inbox = ['/api/notifications', 'inbox', 'all', '', ''] as const;
    queryClient.setQueryData(UNREAD_COUNT_KEY, { notifications: [], unread: 1, next: null });
    queryClient.setQueryData(inbox, { pages: [], pageParams: [] });
    const notification = {
      id: crypto.randomUUID(),
      reason: 'task_changed' as const,
      text: '«Wireframes» moved +3d because «Sitemap» moved — Ana',
      excerpt: null,
      actor: null,
      teamId: null,
      projectId,
      taskId: crypto.randomUUID(),
      commentId: null,
      read: false,
      archived: false,
      createdAt: new Date().toISOString(),
    };
    applyServerEvent(queryClient, { name: 'notification:created', payload: { notification, unread: 2 } }, effects);
    expect(queryClient.getQueryData<{ unread: number }>(UNREAD_COUNT_KEY)?.unread).toBe(2);
    expect(isInvalidated(queryClient, inbox)).toBe(true);
    applyServerEvent(queryClient, { name: 'notifications:changed', payload: { unread: 0 } }, effects);
    expect(queryClient.getQueryData<{ unread: number }>(UNREAD_COUNT_KEY)?.unread).toBe(0);
    expect(isInvalidated(queryClient, UNREAD_COUNT_KEY)).toBe(false);
    // A read or mark-all-read in this tab invalidates NOTIFICATIONS_KEY: the badge reads again with the lists, so it
    // is right even when no socket event reaches this tab.
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    expect(isInvalidated(queryClient, UNREAD_COUNT_KEY)).toBe(true);
  });
});

describe('applyServerEvent: the team chat', () => {
  it('[chat-live] chat:message adds the message to the open chat once; chat:presence replaces who is online', () => {
    const { queryClient, effects, team } = setup();
    const message = {
      id: crypto.randomUUID(),
      teamId: team.id,
      author: null,
      message: 'hello',
      mentionedUserIds: [],
      tasks: [],
      createdAt: '2026-11-29T12:00:00.000Z',
    };
    queryClient.setQueryData(chatKey(team.id), { pages: [{ messages: [], next: null }], pageParams: [null] });
    const event = parseServerEvent('chat:message', { teamId: team.id, message })!;
    applyServerEvent(queryClient, event, effects);
    applyServerEvent(queryClient, event, effects);
    expect(queryClient.getQueryData<{ pages: { messages: unknown[] }[] }>(chatKey(team.id))!.pages[0]!.messages).toEqual([message]);
    // Another team's chat, never opened, stays unread.
    const elsewhere = crypto.randomUUID();
    applyServerEvent(queryClient, parseServerEvent('chat:message', { teamId: elsewhere, message: { ...message, teamId: elsewhere } })!, effects);
    expect(queryClient.getQueryData(chatKey(elsewhere))).toBeUndefined();

    applyServerEvent(queryClient, parseServerEvent('chat:presence', { teamId: team.id, online: [me] })!, effects);
    expect(queryClient.getQueryData([...chatKey(team.id), 'presence'])).toEqual({ teamId: team.id, online: [me] });
  });
});

describe('refreshAfterReconnect', () => {
  it('[realtime-reconnect] marks every read but the user read for refetching', () => {
    const { queryClient, team } = setup();
    queryClient.setQueryData(['/api/auth/user'], { id: me });
    queryClient.setQueryData<TeamMember[]>(teamMembersKey(team.id), []);
    refreshAfterReconnect(queryClient);
    expect(isInvalidated(queryClient, TEAMS_KEY)).toBe(true);
    expect(isInvalidated(queryClient, teamMembersKey(team.id))).toBe(true);
    expect(isInvalidated(queryClient, ['/api/auth/user'])).toBe(false);
  });
});
