import {
  projectJoinResultSchema,
  projectSchema,
  type CreateProjectInput,
  type Project,
  type UpdateProjectInput,
} from '@planline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/query-client';
import { fetchTeamsNow, teamKey } from '../teams/teams.queries';
import { replaceProject, upsertProject } from './project-cache';
import { fetchUserProjectsNow, teamProjectsKey, USER_PROJECTS_KEY } from './projects.queries';

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

/** POST /api/projects/join with a project invite token; the lists are re-read before it resolves. */
export function useJoinProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      projectJoinResultSchema.parse(await (await apiRequest('POST', '/api/projects/join', { token })).json()),
    onSuccess: async () => {
      await Promise.all([fetchTeamsNow(queryClient), fetchUserProjectsNow(queryClient)]);
    },
  });
}
