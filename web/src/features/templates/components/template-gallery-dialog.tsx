import { createFromTemplateInputSchema, type TeamSummary, type TemplateSummary } from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { cn } from '../../../lib/cn';
import { serverMessage } from '../../../lib/api-error';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { useWorkspaceUi } from '../../../app/workspace-ui.store';
import { useProjectCreateFailure } from '../../projects';
import { useCreateFromTemplate, useDeleteTemplate, useTemplateGallery } from '../templates.api';

interface TemplateGalleryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teams: readonly TeamSummary[];
  defaultTeamId: string | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function origin(t: TemplateSummary): string {
  if (t.builtIn) return 'Built-in';
  if (t.teamName) return t.isPublic ? `${t.teamName} · public` : t.teamName;
  return 'Public';
}

/**
 * [templates] "New project → From a template": the gallery in category order (the person's teams' templates, public
 * ones and the built-ins) as one responsive grid of cards, each naming its category; a filter; and for the chosen
 * card the team, name and start date of the new project. Cards are buttons in the tab order; the chosen one is
 * pressed; the creator of a template may delete it here.
 */
export function TemplateGalleryDialog({ open, onOpenChange, teams, defaultTeamId }: TemplateGalleryDialogProps) {
  const createFailed = useProjectCreateFailure();
  const gallery = useTemplateGallery(open);
  const create = useCreateFromTemplate();
  const remove = useDeleteTemplate();
  const selectProject = useWorkspaceUi((state) => state.selectProject);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<TemplateSummary | null>(null);
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const initialTeamId = defaultTeamId ?? teams[0]?.id ?? '';
  const today = () => format(new Date(), 'yyyy-MM-dd');
  const form = useForm({
    resolver: zodResolver(createFromTemplateInputSchema),
    defaultValues: { teamId: initialTeamId, name: '', startDate: today() },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    setFilter('');
    setChosen(null);
    form.reset({ teamId: initialTeamId, name: '', startDate: today() });
  }, [open, initialTeamId, form]);

  // On a phone the form opens below the cards, out of sight: bring it into view (focus stays on the card).
  useEffect(() => {
    if (chosen) formRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [chosen]);

  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    const matches = (t: TemplateSummary) => !words || `${t.name} ${t.description ?? ''} ${t.category}`.toLowerCase().includes(words);
    return (gallery.data?.categories ?? []).flatMap((c) => c.templates.filter(matches).map((template) => ({ template, category: c.category })));
  }, [gallery.data, filter]);

  const choose = (template: TemplateSummary) => {
    setChosen(template);
    if (!form.getValues('name')) form.setValue('name', template.name);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    if (!chosen) return;
    try {
      const project = await create.mutateAsync({ templateId: chosen.id, input });
      toast({ title: 'Project created', description: `${project.name} is ready, laid out from «${chosen.name}».` });
      selectProject(project.id, project.teamId);
      onOpenChange(false);
    } catch (err) {
      createFailed(err, input.teamId, (e) => applyServerIssues(e, form.setError, ['teamId', 'name', 'startDate']));
    }
  });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Template deleted', description: `«${deleting.name}» is no longer in the gallery.` });
      if (chosen?.id === deleting.id) setChosen(null);
      setDeleting(null);
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err) ?? 'Failed to delete the template', variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="New project from a template"
        description="Pick a template, then name the project and choose the day it starts."
        // Breakpoint widths: they come after DialogContent's own max-w-lg in the stylesheet, so they win (a plain
        // max-w-* may not). Full width less the margins on a phone.
        className="sm:max-w-3xl lg:max-w-5xl"
      >
        {teams.length === 0 ? (
          <p className="text-sm text-slate-700">You need a team before you can create a project.</p>
        ) : (
          <div className="space-y-4">
            <Input type="search" aria-label="Filter templates" placeholder="Filter templates…" value={filter} onChange={(e) => setFilter(e.target.value)} className="h-9" />
            {gallery.isPending ? <LoadingBlock label="Loading templates" /> : null}
            {gallery.isError ? <ErrorBlock message="The templates could not be loaded." onRetry={() => void gallery.refetch()} retrying={gallery.isFetching} /> : null}
            {gallery.isSuccess && shown.length === 0 ? (
              <p role="status" className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
                No template matches «{filter.trim()}». Clear the filter to see them all, or save one of your projects as a template from its header.
              </p>
            ) : null}
            {/* One grid for every category, in the gallery's category order: on a desktop several cards share a
                row (a category often holds one template, so a grid per category showed one card per row), on a
                phone one card fills it. Tab and Shift+Tab go through the cards in reading order; the padding keeps
                the focus ring of a card at the edge inside the scrolled area. */}
            {shown.length > 0 ? (
              <ul aria-label="Templates" className="grid max-h-[50vh] grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-3 overflow-y-auto p-1">
                {shown.map(({ template: t, category }) => (
                  <li key={t.id} className="relative">
                    <button
                      type="button"
                      aria-pressed={chosen?.id === t.id}
                      onClick={() => choose(t)}
                      className={cn(
                        'h-full w-full cursor-pointer rounded-lg border bg-white p-3 pr-10 text-left shadow-sm hover:border-blue-400 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none',
                        chosen?.id === t.id ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200',
                      )}
                    >
                      <span className="block font-medium text-slate-900">{t.name}</span>
                      <span className="block text-xs text-slate-600">
                        {category} · {origin(t)}
                      </span>
                      {t.description ? <span className="mt-1 line-clamp-2 block text-sm text-slate-700">{t.description}</span> : null}
                      <span className="mt-2 block text-xs text-slate-600">
                        {plural(t.taskCount, 'task')} · {plural(t.phaseCount, 'phase')} · {plural(t.milestoneCount, 'milestone')} · about{' '}
                        {plural(t.durationDays, 'working day')}
                        {t.usageCount > 0 ? ` · used ${plural(t.usageCount, 'time')}` : ''}
                      </span>
                    </button>
                    {t.mine ? (
                      <button
                        type="button"
                        aria-label={`Delete template ${t.name}`}
                        onClick={() => setDeleting(t)}
                        className="absolute top-2 right-2 inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {chosen ? (
              <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-3 border-t border-slate-200 pt-4" aria-label={`New project from ${chosen.name}`}>
                <div className="grid gap-3 sm:grid-cols-3">
                  <FormField id="template-project-team" label="Team" error={errors.teamId?.message}>
                    {(control) => (
                      <FormSelect control={form.control} name="teamId" field={control} placeholder="Choose a team" options={teams.map((team) => ({ value: team.id, label: team.name }))} />
                    )}
                  </FormField>
                  <FormField id="template-project-name" label="Project Name" error={errors.name?.message}>
                    {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
                  </FormField>
                  <FormField id="template-project-start" label="Start date" error={errors.startDate?.message}>
                    {(control) => <Input {...control} type="date" {...form.register('startDate')} />}
                  </FormField>
                </div>
                <div className="flex justify-end gap-2">
                  <DialogClose asChild>
                    <Button variant="outline">Cancel</Button>
                  </DialogClose>
                  <Button type="submit" disabled={isSubmitting}>
                    {isSubmitting ? 'Creating...' : 'Create Project'}
                  </Button>
                </div>
              </form>
            ) : null}
          </div>
        )}
      </DialogContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => {
          if (!next) setDeleting(null);
        }}
        title="Delete template?"
        description={`«${deleting?.name ?? ''}» will be removed from the gallery for everyone. Projects already made from it stay as they are.`}
        confirmLabel="Delete template"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </Dialog>
  );
}
