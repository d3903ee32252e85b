import { notePortfolioChange } from '../portfolio';
import type { DashboardConfig, JoinRequest, Project, Task, TeamDetail, TeamMember, TeamSummary } from '@planline/domain';
import type { QueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY } from '../auth';
import { applyCommentEvent } from '../comments';
import { cacheChatMessage, cacheChatPresence } from '../chat';
import { dashboardConfigKey, removeTask, upsertTask, withSavedLayout } from '../dashboard';
import { isTaskHistoryKey, projectTasksKey, taskHistoryKey } from '../gantt';
import { applyGridViewEvent } from '../grid';
import { notificationsChanged } from '../notifications';
import { cacheReport } from '../reports';
import { cacheRemovedField, cacheSavedField } from '../grid';
import {
  dropTeamAccess,
  isProjectPeopleKey,
  replaceProject,
  teamProjectsKey,
  upsertProject,
  USER_PROJECTS_KEY,
} from '../projects';
import {
  addJoinRequest,
  joinRequestsKey,
  removeJoinRequest,
  removeJoinRequestsOf,
  removeMemberFrom,
  removeTeam,
  teamKey,
  teamMembersKey,
  TEAMS_KEY,
  upsertMember,
  withTeamPlan,
} from '../teams';
import { endWorkloadPreview, scheduleWorkloadRefetch, showWorkloadPreview } from '../workload';
import type { ServerEvent } from './server-events';

export interface RealtimeEffects {
  /** The signed-in user, to tell events about them from events about others. */
  userId: string;
  /** Tells the user they lost a team; `teamName` is null when the team was not in the cached list. */
  onRemovedFromTeam: (teamName: string | null) => void;
}

const exact = { exact: true } as const;

/**
 * Writes one live event into the query caches (issues 3 and 5). Lists that are cached are patched in place; counts
 * and anything the payload cannot rebuild are refetched. Caches nobody has read stay unread.
 */
export function applyServerEvent(queryClient: QueryClient, event: ServerEvent, effects: RealtimeEffects): void {
  switch (event.name) {
    case 'session:ready':
      // Handled by the connection: it marks a (re)connect, not a change.
      return;

    case 'joinRequest:created': {
      const { teamId, request } = event.payload;
      patchList<JoinRequest>(queryClient, joinRequestsKey(teamId), (list) => addJoinRequest(list, request));
      return;
    }

    case 'joinRequest:responded': {
      const { teamId, requestId } = event.payload;
      patchList<JoinRequest>(queryClient, joinRequestsKey(teamId), (list) => removeJoinRequest(list, requestId));
      return;
    }

    case 'member:joined': {
      const { teamId, member } = event.payload;
      patchList<TeamMember>(queryClient, teamMembersKey(teamId), (list) => upsertMember(list, member));
      patchList<JoinRequest>(queryClient, joinRequestsKey(teamId), (list) => removeJoinRequestsOf(list, member.userId));
      void queryClient.invalidateQueries({ queryKey: teamKey(teamId), ...exact });
      void queryClient.invalidateQueries({ predicate: (q) => isProjectPeopleKey(q.queryKey) });
      scheduleWorkloadRefetch(queryClient, teamId);
      return;
    }

    case 'member:removed': {
      const { teamId, userId } = event.payload;
      if (userId === effects.userId) {
        forgetTeam(queryClient, teamId, effects);
        return;
      }
      patchList<TeamMember>(queryClient, teamMembersKey(teamId), (list) => removeMemberFrom(list, userId));
      void queryClient.invalidateQueries({ queryKey: teamKey(teamId), ...exact });
      void queryClient.invalidateQueries({ predicate: (q) => isProjectPeopleKey(q.queryKey) });
      scheduleWorkloadRefetch(queryClient, teamId);
      return;
    }

    case 'project:created': {
      const { project } = event.payload;
      notePortfolioChange(queryClient);
      patchList<Project>(queryClient, teamProjectsKey(project.teamId), (list) => upsertProject(list, project, 'team'));
      if (isMyTeam(queryClient, project.teamId)) {
        patchList<Project>(queryClient, USER_PROJECTS_KEY, (list) => upsertProject(list, project, 'team'));
      } else {
        void queryClient.invalidateQueries({ queryKey: USER_PROJECTS_KEY });
      }
      void queryClient.invalidateQueries({ queryKey: teamKey(project.teamId), ...exact });
      return;
    }

    case 'project:updated': {
      const { project } = event.payload;
      notePortfolioChange(queryClient);
      patchList<Project>(queryClient, teamProjectsKey(project.teamId), (list) => replaceProject(list, project));
      const listed = queryClient.getQueryData<Project[]>(USER_PROJECTS_KEY)?.some((p) => p.id === project.id);
      if (listed) {
        patchList<Project>(queryClient, USER_PROJECTS_KEY, (list) => replaceProject(list, project));
      } else {
        void queryClient.invalidateQueries({ queryKey: USER_PROJECTS_KEY });
      }
      return;
    }

    case 'access:changed': {
      const { teamId } = event.payload;
      void queryClient.invalidateQueries({ queryKey: TEAMS_KEY, ...exact });
      void queryClient.invalidateQueries({ queryKey: USER_PROJECTS_KEY });
      if (teamId === null) return;
      if (isMyTeam(queryClient, teamId)) {
        void queryClient.invalidateQueries({ queryKey: teamKey(teamId) });
      } else {
        // A team we are not (or no longer) in: whatever is cached from an earlier membership is out of date.
        queryClient.removeQueries({ queryKey: teamKey(teamId), type: 'inactive' });
      }
      return;
    }

    case 'team:updated': {
      // Issue 7: a payment, a failed renewal or a cancellation. The plan and limits change at once; counts and
      // anything else that follows the plan are read again, and the owner's plan badge (users.currentPlan) too.
      const { teamId, team } = event.payload;
      patchList<TeamSummary>(queryClient, TEAMS_KEY, (list) => withTeamPlan(list, teamId, team));
      queryClient.setQueryData<TeamDetail>(teamKey(teamId), (detail) =>
        detail ? { ...withTeamPlan([detail], teamId, team)[0]!, limits: team.limits } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: TEAMS_KEY, ...exact });
      void queryClient.invalidateQueries({ queryKey: teamKey(teamId), ...exact });
      if (team.ownerId === effects.userId) void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      return;
    }

    // Tasks (issue 5): the dashboard's widgets follow teammates' edits in the cached list, without a refetch.
    case 'task:created':
    case 'task:updated': {
      const { projectId, task } = event.payload;
      patchList<Task>(queryClient, projectTasksKey(projectId), (list) => upsertTask(list, task));
      // Sent after the change and its history rows are committed: an open Change History reads them now.
      void queryClient.invalidateQueries({ queryKey: taskHistoryKey(task.id) });
      // [workload-live] A person's hours span every project they work in, so any team's workload may change: the
      // workload view's reads, and the chart's over-allocation marks (the same key shape, one refetch).
      scheduleWorkloadRefetch(queryClient, null);
      notePortfolioChange(queryClient);
      return;
    }

    case 'tasks:reloaded': {
      // A change too large to send task by task (an import): the project's list and any open history are read again.
      const { projectId } = event.payload;
      void queryClient.invalidateQueries({ queryKey: projectTasksKey(projectId) });
      void queryClient.invalidateQueries({ predicate: (query) => isTaskHistoryKey(query.queryKey) });
      scheduleWorkloadRefetch(queryClient, null);
      notePortfolioChange(queryClient);
      return;
    }

    case 'task:deleted': {
      const { projectId, taskId } = event.payload;
      patchList<Task>(queryClient, projectTasksKey(projectId), (list) => removeTask(list, taskId));
      scheduleWorkloadRefetch(queryClient, null);
      notePortfolioChange(queryClient);
      return;
    }

    case 'capacity:updated':
      // [workload-live] Someone's hours per day, working days or days off changed (the view; the chart's marks).
      scheduleWorkloadRefetch(queryClient, event.payload.teamId);
      return;

    case 'workload:preview':
      // [workload-preview] A teammate's bar being dragged: its load, over the team's open workload view.
      showWorkloadPreview(queryClient, event.payload);
      return;
    case 'workload:previewEnd':
      endWorkloadPreview(queryClient, event.payload.previewId);
      return;
    case 'dashboard:updated': {
      // Saved in another tab: the view shows it unless the user is customising (their draft is kept apart).
      const { projectId, layout } = event.payload;
      queryClient.setQueryData<DashboardConfig>(dashboardConfigKey(projectId), (config) =>
        config ? withSavedLayout(config, layout) : config,
      );
      return;
    }

    case 'report:created':
      cacheReport(queryClient, event.payload.report);
      return;

    // Issue 39: the project's custom fields, in every browser with the project open (their values come with the document).
    case 'customField:saved':
      cacheSavedField(queryClient, event.payload.field);
      return;
    case 'customField:deleted':
      cacheRemovedField(queryClient, event.payload.projectId, event.payload.fieldId);
      return;

    // Issue 38: a task's thread and its row's count, in every browser with the project open.
    case 'comment:created':
      applyCommentEvent(queryClient, 'created', event.payload);
      return;
    case 'comment:updated':
      applyCommentEvent(queryClient, 'updated', event.payload);
      return;

    // Issue 39: saved grid views; a browser showing a shared one follows its changes.
    case 'gridView:saved':
      applyGridViewEvent(queryClient, { name: 'saved', payload: event.payload });
      return;
    case 'gridView:deleted':
      applyGridViewEvent(queryClient, { name: 'deleted', payload: event.payload });
      return;
    case 'comment:deleted':
      applyCommentEvent(queryClient, 'deleted', event.payload);
      return;
    // Issue 38: the team chat's new messages and who is online, into an open panel's reads.
    case 'chat:message':
      cacheChatMessage(queryClient, event.payload.message);
      return;
    case 'chat:presence':
      cacheChatPresence(queryClient, event.payload);
      return;
    // Issue 38: the bell's count and the inbox.
    case 'notification:created':
    case 'notifications:changed':
      notificationsChanged(queryClient, event.payload.unread);
      return;
  }
}

/** Updates a cached list; a list nobody has read stays unread. */
function patchList<T>(queryClient: QueryClient, key: readonly unknown[], update: (list: T[]) => T[]): void {
  queryClient.setQueryData<T[]>(key, (list) => (list ? update(list) : list));
}

function isMyTeam(queryClient: QueryClient, teamId: string): boolean {
  return queryClient.getQueryData<TeamSummary[]>(TEAMS_KEY)?.some((t) => t.id === teamId) ?? false;
}

/**
 * The user was removed from a team: drop it from the lists at once (the workspace falls back to another team),
 * then forget its cached reads once the screens that showed them are gone.
 */
function forgetTeam(queryClient: QueryClient, teamId: string, effects: RealtimeEffects): void {
  const team = queryClient.getQueryData<TeamSummary[]>(TEAMS_KEY)?.find((t) => t.id === teamId) ?? null;
  patchList<TeamSummary>(queryClient, TEAMS_KEY, (list) => removeTeam(list, teamId));
  patchList<Project>(queryClient, USER_PROJECTS_KEY, (list) => dropTeamAccess(list, teamId));
  void queryClient.cancelQueries({ queryKey: teamKey(teamId) });
  setTimeout(() => queryClient.removeQueries({ queryKey: teamKey(teamId), type: 'inactive' }), 0);
  effects.onRemovedFromTeam(team?.name ?? null);
}

/**
 * After a (re)connect, events may have been missed: every read on screen is refetched. The user read is left
 * alone: a lost session shows up as a refused handshake instead.
 */
export function refreshAfterReconnect(queryClient: QueryClient): void {
  void queryClient.invalidateQueries(
    { predicate: (query) => query.queryKey[0] !== AUTH_USER_KEY[0] },
    { cancelRefetch: false },
  );
}
