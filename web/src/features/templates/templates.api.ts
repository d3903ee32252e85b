import {
  projectSchema,
  templateGallerySchema,
  templateSummarySchema,
  type CreateFromTemplateInput,
  type Project,
  type SaveAsTemplateInput,
} from '@planline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parsedQueryFn } from '../../lib/parsed-query';
import { apiRequest } from '../../lib/query-client';
import { upsertProject, teamProjectsKey, USER_PROJECTS_KEY } from '../projects';

/** GET /api/templates: the gallery by category (the person's teams', public ones, built-ins). */
export const TEMPLATES_KEY = ['/api/templates'] as const;
const galleryFn = parsedQueryFn(templateGallerySchema);

export function useTemplateGallery(enabled: boolean) {
  return useQuery({ queryKey: TEMPLATES_KEY, queryFn: galleryFn, enabled });
}

/** POST /api/projects/{projectId}/save-as-template. */
export function useSaveAsTemplate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveAsTemplateInput) =>
      templateSummarySchema.parse(await (await apiRequest('POST', `/api/projects/${projectId}/save-as-template`, input)).json()),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

/** POST /api/templates/{templateId}/projects: the new project joins the team's list, as a created one does. */
export function useCreateFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ templateId, input }: { templateId: string; input: CreateFromTemplateInput }) =>
      projectSchema.parse(await (await apiRequest('POST', `/api/templates/${templateId}/projects`, input)).json()),
    onSuccess: (project) => {
      queryClient.setQueryData<Project[]>(teamProjectsKey(project.teamId), (list) => (list ? upsertProject(list, project, project.access) : list));
      void queryClient.invalidateQueries({ queryKey: teamProjectsKey(project.teamId) });
      void queryClient.invalidateQueries({ queryKey: USER_PROJECTS_KEY });
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
    },
  });
}

/** DELETE /api/templates/{templateId}: the creator's own template. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (templateId: string) => {
      await apiRequest('DELETE', `/api/templates/${templateId}`);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}
