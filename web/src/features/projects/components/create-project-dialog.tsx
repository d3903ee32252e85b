import { createProjectInputSchema, PROJECT_STATUSES, type ProjectStatus, type TeamSummary } from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FormSelect } from '../../../components/ui/form-select';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { useWorkspaceUi } from '../../../app/workspace-ui.store';
import { PROJECT_STATUS_LABELS } from '../project-status';
import { useCreateProject } from '../projects.api';
import { useProjectCreateFailure } from '../use-project-create-failure';
import { ProjectStatusDot } from './project-status-dot';


interface CreateProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teams: readonly TeamSummary[];
  /** The team in view; the Team select starts on it. */
  defaultTeamId: string | null;
  onCreateTeam: () => void;
  /** Opens the template gallery instead (issue 37). */
  onFromTemplate: () => void;
}

export function CreateProjectDialog({ open, onOpenChange, teams, defaultTeamId, onCreateTeam, onFromTemplate }: CreateProjectDialogProps) {
  const createProject = useCreateProject();
  const createFailed = useProjectCreateFailure();
  const selectProject = useWorkspaceUi((state) => state.selectProject);
  const setProjectSearch = useWorkspaceUi((state) => state.setProjectSearch);
  const openDialog = useWorkspaceUi((state) => state.openDialog);
  // [import] "Create and import from file…": the new project is made, then the import dialog opens on it.
  const thenImport = useRef(false);
  const initialTeamId = defaultTeamId ?? teams[0]?.id ?? '';
  const form = useForm({
    resolver: zodResolver(createProjectInputSchema),
    defaultValues: { name: '', description: '', teamId: initialTeamId, status: 'active' as const },
  });
  const { errors, isSubmitting } = form.formState;

  // Each opening starts on the team in view.
  useEffect(() => {
    if (open) form.reset({ name: '', description: '', teamId: initialTeamId, status: 'active' });
  }, [open, initialTeamId, form]);

  const onSubmit = form.handleSubmit(async ({ name, description, teamId, status }) => {
    try {
      const project = await createProject.mutateAsync({ name, description: description || undefined, teamId, status });
      toast({ title: 'Project created', description: `${project.name} is ready.` });
      setProjectSearch('');
      selectProject(project.id, project.teamId);
      if (thenImport.current) openDialog('importProject');
      else onOpenChange(false);
    } catch (err) {
      createFailed(err, teamId, (e) => applyServerIssues(e, form.setError, ['name', 'description', 'teamId', 'status']));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Create New Project" description="Projects belong to a team; everyone in it can work on them.">
        {teams.length === 0 ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">You need a team before you can create a project.</p>
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button onClick={onCreateTeam}>Create Team</Button>
            </div>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <p className="text-sm text-slate-700">
              Start from a plan instead?{' '}
              <button type="button" onClick={onFromTemplate} className="cursor-pointer font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">
                From a template
              </button>
            </p>
            <FormField id="project-team" label="Team" error={errors.teamId?.message}>
              {(control) => (
                <FormSelect control={form.control} name="teamId" field={control} placeholder="Choose a team" options={teams.map((team) => ({ value: team.id, label: team.name }))} />
              )}
            </FormField>
            <FormField id="project-name" label="Project Name" error={errors.name?.message}>
              {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
            </FormField>
            <FormField id="project-description" label="Description" hint="Optional." error={errors.description?.message}>
              {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
            </FormField>
            <FormField id="project-status" label="Status" error={errors.status?.message}>
              {(control) => (
                <FormSelect
                  control={form.control}
                  name="status"
                  field={control}
                  options={PROJECT_STATUSES.map((status) => ({ value: status, label: PROJECT_STATUS_LABELS[status], leading: <ProjectStatusDot status={status} /> }))}
                  triggerLeading={(value) => <ProjectStatusDot status={(value as ProjectStatus | undefined) ?? 'active'} />}
                />
              )}
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              {/* Not a submit button: Enter in a field submits with the form's first one, which must stay Create Project. */}
              <Button
                type="button"
                variant="outline"
                disabled={isSubmitting}
                onClick={() => {
                  thenImport.current = true;
                  void onSubmit();
                }}
              >
                Create and import from file…
              </Button>
              <Button type="submit" disabled={isSubmitting} onClick={() => (thenImport.current = false)}>
                {isSubmitting ? 'Creating...' : 'Create Project'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
