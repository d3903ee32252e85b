import {
  inviteLinkSchema,
  projectSchema,
  type CreateProjectInput,
  type MemberUser,
  type Project,
  type UpdateProjectInput,
} from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { teamKey } from '../teams';
import { replaceProject, upsertProject } from './project-cache';
import {
  isProjectPeopleKey,
  projectGuestsKey,
  projectInviteLinkKey,
  teamProjectsKey,
  USER_PROJECTS_KEY,
} from './projects.queries';

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateProjectInput) =>
      projectSchema.parse(await (await apiRequest('POST', '/api/projects', input)).json()),
    onSuccess: (project) => {
      queryClient.setQueryData<Project[]>(teamProjectsKey(project.teamId), (list) =>
        list ? upsertProject(list, project, project.access) : list,
      );
      void queryClient.invalidateQueries({ queryKey: teamProjectsKey(project.teamId) });
      void queryClient.invalidateQueries({ queryKey: USER_PROJECTS_KEY });
      void queryClient.invalidateQueries({ queryKey: teamKey(project.teamId), exact: true });
    },
  });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ projectId, changes }: { projectId: string; changes: UpdateProjectInput }) =>
      projectSchema.parse(await (await apiRequest('PATCH', `/api/projects/${projectId}`, changes)).json()),
    onSuccess: (project) => {
      queryClient.setQueryData<Project[]>(teamProjectsKey(project.teamId), (list) =>
        list ? replaceProject(list, project) : list,
      );
      queryClient.setQueryData<Project[]>(USER_PROJECTS_KEY, (list) => list && replaceProject(list, project));
    },
  });
}

/** POST /api/projects/{id}/invite-link/regenerate: a new token; the link handed out before stops working. */
export function useRegenerateProjectInviteLink(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      inviteLinkSchema.parse(await (await apiRequest('POST', `/api/projects/${projectId}/invite-link/regenerate`)).json()),
    onSuccess: (link) => queryClient.setQueryData(projectInviteLinkKey(projectId), link),
  });
}

/** DELETE /api/projects/{id}/guests/{userId}: the guest loses the project, and its invite link is renewed. */
export function useRemoveGuest(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (guest: MemberUser) => {
      await apiRequest('DELETE', `/api/projects/${projectId}/guests/${guest.id}`);
      return guest;
    },
    onSuccess: (guest) => {
      queryClient.setQueryData<MemberUser[]>(projectGuestsKey(projectId), (list) => list?.filter((g) => g.id !== guest.id));
      void queryClient.invalidateQueries({ queryKey: projectInviteLinkKey(projectId) });
      void queryClient.invalidateQueries({ predicate: (q) => isProjectPeopleKey(q.queryKey) });
    },
  });
}
