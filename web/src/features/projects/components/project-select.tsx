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
        {/* The name given, not read from the list's item: the server's render of the page shows it too. */}
        <SelectValue placeholder={projects.length === 0 ? 'No matching projects' : 'Select a project'}>{projects.find((p) => p.id === value)?.name}</SelectValue>
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
