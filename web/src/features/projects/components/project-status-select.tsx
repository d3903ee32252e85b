import { PROJECT_STATUSES, projectStatusSchema, type Project } from '@planline/domain';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { PROJECT_STATUS_LABELS, projectStatusLabel } from '../project-status';
import { projectConflict } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { useUpdateProject } from '../projects.api';
import { projectUpdateFailed } from './project-name-editor';
import { ProjectStatusDot } from './project-status-dot';

function statusUpdateFailed(err: unknown): void {
  const theirs = projectConflict(err)?.conflicts.find((c) => c.field === 'status');
  if (!theirs) return projectUpdateFailed(err);
  const status = projectStatusSchema.safeParse(theirs.current);
  toast({
    title: 'Status not changed',
    description: `${theirs.changedBy?.firstName ?? 'A teammate'} had just set it to ${status.success ? PROJECT_STATUS_LABELS[status.data] : theirs.current}. Choose again to change it.`,
  });
}

/** The header's status select; any status can follow any other (PRODUCT-SPEC §4). */
export function ProjectStatusSelect({ project, editable }: { project: Project; editable: boolean }) {
  const update = useUpdateProject();
  const pending = update.isPending && update.variables.projectId === project.id ? update.variables.changes.status : undefined;
  const status = pending ?? project.status;

  if (!editable) {
    return (
      <span className="inline-flex items-center gap-2 text-sm text-slate-700">
        <ProjectStatusDot status={status} />
        {projectStatusLabel(status)}
      </span>
    );
  }

  return (
    <Select
      value={status}
      onValueChange={(value) => {
        const next = projectStatusSchema.safeParse(value);
        if (!next.success || next.data === project.status) return;
        // [form-merge] From the status shown: a teammate's change that lands first is not overwritten.
        update.mutate({ projectId: project.id, changes: { status: next.data, base: { status: project.status } } }, { onError: statusUpdateFailed });
      }}
    >
      <SelectTrigger aria-label="Project status" className="h-9 w-36">
        <ProjectStatusDot status={status} />
        {/* The label given, not read from the list's item: the server's render of the page shows it too. */}
        <SelectValue>{PROJECT_STATUS_LABELS[status]}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {PROJECT_STATUSES.map((value) => (
          <SelectItem key={value} value={value} leading={<ProjectStatusDot status={value} />}>
            {PROJECT_STATUS_LABELS[value]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
