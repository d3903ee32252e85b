import type { Project } from '@planline/domain';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { ProjectStatusDot } from './project-status-dot';

interface ProjectSelectProps {
  projects: readonly Project[];
  value: string | null;
  onChange: (projectId: string) => void;
}

/** The header's project select: the projects that match the search. */
export function ProjectSelect({ projects, value, onChange }: ProjectSelectProps) {
  return (
    <Select value={value ?? ''} onValueChange={onChange} disabled={projects.length === 0}>
      <SelectTrigger aria-label="Select project" className="h-9 w-52">
        <SelectValue placeholder={projects.length === 0 ? 'No matching projects' : 'Select a project'} />
      </SelectTrigger>
      <SelectContent>
        {projects.map((project) => (
          <SelectItem key={project.id} value={project.id} leading={<ProjectStatusDot status={project.status} />}>
            {project.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
