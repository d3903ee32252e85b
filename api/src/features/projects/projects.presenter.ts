import type { ProjectEntity } from '@planline/db';
import type { Project } from '@planline/domain';

export function presentProject(project: ProjectEntity, access: Project['access']): Project {
  return { ...presentProjectEvent(project), access };
}

/** A project as broadcast to a room, where each receiver's own access is already known to them. */
export function presentProjectEvent(project: ProjectEntity): Omit<Project, 'access'> {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    teamId: project.teamId,
    projectCode: project.projectCode,
    status: project.status,
    startDate: project.startDate,
    endDate: project.endDate,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}
