import { addDays, assigneeFromChoice, quickAddFormSchema, UNASSIGNED, type QuickAddFormInput, type Task } from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useEffect, useRef, type Ref } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { isUnauthorizedError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useCreateTask } from '../tasks.api';
import { AssigneeSelect } from './assignee-select';
import { EndDateField, MilestoneCheckbox } from './milestone-fields';
import type { Person } from './timeline-context';

/** Quick add starts today and lasts a week (PRODUCT-SPEC §2). */
const QUICK_ADD_DAYS = 7;

export function quickAddDefaults(today: string, dates?: { startDate: string; endDate: string }): QuickAddFormInput {
  return { name: '', startDate: dates?.startDate ?? today, endDate: dates?.endDate ?? addDays(today, QUICK_ADD_DAYS), assigneeId: UNASSIGNED, milestone: false };
}

/** POST /api/tasks with the spec's defaults (medium, pending) and its toasts. */
function useCreateTaskForm(projectId: string, defaults: QuickAddFormInput, onCreated: (task: Task) => void) {
  const createTask = useCreateTask();
  const form = useForm({ resolver: zodResolver(quickAddFormSchema), defaultValues: defaults });
  const submit = form.handleSubmit(async (values) => {
    try {
      const task = await createTask.mutateAsync({
        projectId,
        name: values.name,
        startDate: values.startDate,
        endDate: values.endDate,
        assigneeId: assigneeFromChoice(values.assigneeId),
        kind: values.milestone ? 'milestone' : 'task',
        priority: 'medium',
        status: 'pending',
      });
      toast({ title: 'Task Created Successfully!', description: task.name });
      form.reset(defaults);
      onCreated(task);
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      applyServerIssues(err, form.setError, ['name', 'startDate', 'endDate', 'assigneeId']);
      toast({ title: 'Error', description: 'Failed to create task', variant: 'destructive' });
    }
  });
  return { form, submit };
}

interface FieldsProps {
  idPrefix: string;
  form: UseFormReturn<QuickAddFormInput>;
  people: readonly Person[];
  nameRef?: Ref<HTMLInputElement>;
  inline?: boolean;
}

function TaskBasicsFields({ idPrefix, form, people, nameRef, inline }: FieldsProps) {
  const { errors } = form.formState;
  const name = form.register('name');
  const milestone = form.watch('milestone');
  const startDate = form.watch('startDate');
  return (
    <div className={cn('grid gap-4', inline ? 'sm:grid-cols-2 lg:grid-cols-[minmax(12rem,2fr)_1fr_1fr_minmax(10rem,1fr)]' : 'sm:grid-cols-2')}>
      <div className={cn(!inline && 'sm:col-span-2')}>
        <FormField id={`${idPrefix}-name`} label="Task name" error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              placeholder="What needs doing?"
              {...name}
              ref={(el) => {
                name.ref(el);
                if (typeof nameRef === 'function') nameRef(el);
                else if (nameRef) nameRef.current = el;
              }}
            />
          )}
        </FormField>
      </div>
      <FormField id={`${idPrefix}-start`} label="Start date" error={errors.startDate?.message}>
        {(control) => <Input {...control} type="date" {...form.register('startDate')} />}
      </FormField>
      <EndDateField id={`${idPrefix}-end`} register={form.register('endDate')} milestone={milestone} startDate={startDate} error={errors.endDate?.message} />
      <div className={cn(!inline && 'sm:col-span-2')}>
        <FormField id={`${idPrefix}-assignee`} label="Assignee" error={errors.assigneeId?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="assigneeId"
              render={({ field }) => (
                <AssigneeSelect control={control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} people={people} />
              )}
            />
          )}
        </FormField>
      </div>
      <MilestoneCheckbox id={`${idPrefix}-milestone`} register={form.register('milestone')} className={inline ? 'sm:col-span-2 lg:col-span-4' : 'sm:col-span-2'} />
    </div>
  );
}

interface QuickAddFormProps {
  projectId: string;
  today: string;
  people: readonly Person[];
  disabled: boolean;
  /** The sidebar's Add Task: focus the name, then say so. */
  focusName?: boolean;
  onFocusHandled?: () => void;
  onCreated: (task: Task) => void;
}

/** Quick Add Task, at the bottom of the chart. */
export function QuickAddForm({ projectId, today, people, disabled, focusName, onFocusHandled, onCreated }: QuickAddFormProps) {
  const { form, submit } = useCreateTaskForm(projectId, quickAddDefaults(today), onCreated);
  const nameInput = useRef<HTMLInputElement | null>(null);
  const { isSubmitting } = form.formState;

  useEffect(() => {
    if (!focusName) return;
    const input = nameInput.current;
    if (input) {
      input.scrollIntoView({ block: 'center', behavior: 'smooth' });
      input.focus({ preventScroll: true });
    }
    onFocusHandled?.();
  }, [focusName, onFocusHandled]);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="quick-add-title" className="space-y-4 border-t border-slate-200 px-4 py-5">
      <h3 id="quick-add-title" className="text-sm font-semibold text-slate-900">
        Quick Add Task
      </h3>
      <fieldset disabled={disabled || isSubmitting} className="flex flex-col gap-4 lg:flex-row lg:items-start">
        <div className="flex-1">
          <TaskBasicsFields idPrefix="quick-add" form={form} people={people} nameRef={nameInput} inline />
        </div>
        <Button type="submit" className="lg:mt-6">
          <Plus aria-hidden="true" className="h-4 w-4" />
          {isSubmitting ? 'Adding...' : 'Add Task'}
        </Button>
      </fieldset>
    </form>
  );
}

interface CreateTaskDialogProps {
  projectId: string;
  today: string;
  people: readonly Person[];
  /** The placeholder row's suggested dates; null while closed. */
  dates: { startDate: string; endDate: string } | null;
  onClose: () => void;
  onCreated: (task: Task) => void;
}

/** 'Create New Task': the quick add form in a dialog, opened from a placeholder row with its dates. */
export function CreateTaskDialog({ dates, onClose, ...props }: CreateTaskDialogProps) {
  return (
    <Dialog open={dates !== null} onOpenChange={(open) => !open && onClose()}>
      {dates ? <CreateTaskDialogBody dates={dates} onClose={onClose} {...props} /> : null}
    </Dialog>
  );
}

function CreateTaskDialogBody({ projectId, today, people, dates, onClose, onCreated }: Omit<CreateTaskDialogProps, 'dates'> & { dates: { startDate: string; endDate: string } }) {
  const { form, submit } = useCreateTaskForm(projectId, quickAddDefaults(today, dates), (task) => {
    onCreated(task);
    onClose();
  });
  const { isSubmitting } = form.formState;
  return (
    <DialogContent title="Create New Task" description="Add a task to this project's timeline.">
      <form onSubmit={submit} noValidate className="space-y-5">
        <TaskBasicsFields idPrefix="create-task" form={form} people={people} />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Creating...' : 'Create Task'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
