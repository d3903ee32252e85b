import type { ProjectEntity } from '@planline/db';
import type { MemberUser, Project } from '@planline/domain';
import type { PersonRow } from './projects.queries.js';

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
    autoSchedule: project.autoSchedule,
    workingWeekdays: project.workingWeekdays,
    holidays: project.holidays,
    editedBy: project.editedBy,
    holidayNames: project.holidayNames ?? {},
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

export const presentPerson = (r: PersonRow): MemberUser => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  profileImageUrl: r.profile_image_url,
});
