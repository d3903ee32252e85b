import { saveAsTemplateInputSchema, type Project } from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useSaveAsTemplate, useTemplateGallery } from '../templates.api';

interface SaveAsTemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: Project;
}

/**
 * [templates] "Save as template" from the project's header: its summary tasks become phases, its tasks keep their
 * working days, its links their type and lag. The category may be one the gallery already has (offered as
 * suggestions) or a new one; public templates are listed to every team.
 */
export function SaveAsTemplateDialog({ open, onOpenChange, project }: SaveAsTemplateDialogProps) {
  const save = useSaveAsTemplate(project.id);
  const gallery = useTemplateGallery(open);
  const form = useForm({
    resolver: zodResolver(saveAsTemplateInputSchema),
    defaultValues: { name: project.name, description: project.description ?? '', category: '', isPublic: false },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset({ name: project.name, description: project.description ?? '', category: '', isPublic: false });
  }, [open, project.name, project.description, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const template = await save.mutateAsync(input);
      toast({ title: 'Template saved', description: `«${template.name}» is in the gallery under ${template.category}.` });
      onOpenChange(false);
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      applyServerIssues(err, form.setError, ['name', 'description', 'category', 'isPublic']);
      toast({ title: 'Error', description: serverMessage(err) ?? 'Failed to save the template', variant: 'destructive' });
    }
  });

  const categories = gallery.data?.categories.map((c) => c.category) ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Save as template" description="Phases, tasks with their working days, milestones, links and priorities are kept; dates and people are not.">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField id="template-name" label="Template name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
          </FormField>
          <FormField id="template-description" label="Description" hint="Optional." error={errors.description?.message}>
            {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
          </FormField>
          <FormField id="template-category" label="Category" hint="Optional: the gallery shows it on the card and lists templates by it." error={errors.category?.message}>
            {(control) => <Input {...control} list="template-categories" autoComplete="off" {...form.register('category')} />}
          </FormField>
          <datalist id="template-categories">
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <div className="flex items-start gap-2">
            <input
              id="template-public"
              type="checkbox"
              {...form.register('isPublic')}
              className="mt-0.5 h-4 w-4 rounded accent-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 focus-visible:outline-none"
            />
            <label htmlFor="template-public" className="text-sm text-slate-800">
              Public <span className="text-slate-600">(every Planline team can start a project from it; task names and descriptions are shown)</span>
            </label>
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Template'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
