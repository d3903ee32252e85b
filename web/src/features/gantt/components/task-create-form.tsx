import { addDays, assigneeFromChoice, quickAddFormSchema, TASK_NAME_MAX_LENGTH, UNASSIGNED, type QuickAddFormInput, type Task } from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState, type ClipboardEvent, type Ref } from 'react';
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
import { MAX_PASTED_TASKS, namesFit, pastedNames } from '../model/pasted-names';
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
function useCreateTaskForm(projectId: string, defaults: QuickAddFormInput, onCreated: (task: Task) => void, onDone?: () => void) {
  const createTask = useCreateTask();
  const form = useForm({ resolver: zodResolver(quickAddFormSchema), defaultValues: defaults });
  const create = (values: QuickAddFormInput, name: string) =>
    createTask.mutateAsync({
      projectId,
      name,
      startDate: values.startDate,
      endDate: values.endDate,
      assigneeId: assigneeFromChoice(values.assigneeId),
      kind: values.milestone ? 'milestone' : 'task',
      priority: 'medium',
      status: 'pending',
    });
  const failed = (err: unknown) => {
    if (isUnauthorizedError(err)) {
      handleUnauthorized();
      return;
    }
    applyServerIssues(err, form.setError, ['name', 'startDate', 'endDate', 'assigneeId']);
    toast({ title: 'Error', description: 'Failed to create task', variant: 'destructive' });
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const task = await create(values, values.name);
      toast({ title: 'Task Created Successfully!', description: task.name });
      form.reset(defaults);
      onCreated(task);
      onDone?.();
    } catch (err) {
      failed(err);
    }
  });
  /**
   * [paste-rows] One task per pasted row, with the form's dates, assignee and kind, one after another so the
   * plan's order is the rows' order; the dates are checked first, as Add Task would.
   */
  const createMany = async (names: readonly string[]): Promise<void> => {
    if (!(await form.trigger(['startDate', 'endDate', 'assigneeId']))) return;
    const values = form.getValues();
    let created = 0;
    try {
      for (const name of names) {
        onCreated(await create(values, name));
        created += 1;
      }
      toast({ title: `${created} tasks created`, description: names.join(', ') });
      form.reset(defaults);
      onDone?.();
    } catch (err) {
      failed(err);
      if (created > 0) {
        const rest = `"${names[created]}" and the rows after it were not created.`;
        toast({ title: `${created} of ${names.length} tasks created`, description: rest, variant: 'destructive' });
      }
    }
  };
  return { form, submit, createMany };
}

/**
 * [paste-rows] Rows pasted into the name field: one row fills the field with its name; several ask to create a
 * task each ('Create 3 tasks?'), instead of one name with tabs in it. Returns the paste handler and the dialog.
 */
function usePastedRows(form: UseFormReturn<QuickAddFormInput>, createMany: (names: readonly string[]) => Promise<void>) {
  const [names, setNames] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = pastedNames(event.clipboardData.getData('text/plain'));
    if (pasted.kind === 'text') return;
    event.preventDefault();
    if (pasted.kind === 'one') {
      const input = event.currentTarget;
      input.setRangeText(pasted.name, input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length, 'end');
      form.setValue('name', input.value, { shouldDirty: true });
      form.clearErrors('name');
    } else if (pasted.kind === 'too-many') {
      form.setError('name', { type: 'paste', message: `That is ${pasted.count} rows: paste at most ${MAX_PASTED_TASKS} at a time` });
    } else {
      setNames(pasted.names);
    }
  };
  // Closed whatever happened: a date the form refuses shows under its field, and the toasts say which rows were
  // created, so the same rows are never created twice by a second press.
  const confirm = async () => {
    if (!names) return;
    setBusy(true);
    await createMany(names);
    setBusy(false);
    setNames(null);
  };
  const dialog = (
    <Dialog open={names !== null} onOpenChange={(open) => !open && !busy && setNames(null)}>
      {names ? (
        <DialogContent
          title={`Create ${names.length} tasks?`}
          description="You pasted several rows: each becomes a task with the dates and assignee set in the form."
        >
          <ol className="max-h-64 list-decimal space-y-1 overflow-y-auto pl-6 text-sm text-slate-800">
            {names.map((name, i) => (
              <li key={i} className="break-words">{name}</li>
            ))}
          </ol>
          {namesFit(names) ? null : (
            <p className="mt-3 text-sm text-red-700">A name is longer than {TASK_NAME_MAX_LENGTH} characters: shorten it in the sheet and paste again.</p>
          )}
          <div className="mt-5 flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>Cancel</Button>
            </DialogClose>
            <Button onClick={() => void confirm()} disabled={busy || !namesFit(names)}>
              {busy ? 'Creating...' : `Create ${names.length} tasks`}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
  return { onPaste, dialog };
}

interface FieldsProps {
  idPrefix: string;
  form: UseFormReturn<QuickAddFormInput>;
  people: readonly Person[];
  nameRef?: Ref<HTMLInputElement>;
  inline?: boolean;
  onNamePaste: (event: ClipboardEvent<HTMLInputElement>) => void;
}

function TaskBasicsFields({ idPrefix, form, people, nameRef, inline, onNamePaste }: FieldsProps) {
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
              onPaste={onNamePaste}
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
  const { form, submit, createMany } = useCreateTaskForm(projectId, quickAddDefaults(today), onCreated);
  const pasted = usePastedRows(form, createMany);
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
    <>
      <form onSubmit={submit} noValidate aria-labelledby="quick-add-title" className="space-y-4 border-t border-slate-200 px-4 py-5">
        <h3 id="quick-add-title" className="text-sm font-semibold text-slate-900">
          Quick Add Task
        </h3>
        <fieldset disabled={disabled || isSubmitting} className="flex flex-col gap-4 lg:flex-row lg:items-start">
          <div className="flex-1">
            <TaskBasicsFields idPrefix="quick-add" form={form} people={people} nameRef={nameInput} inline onNamePaste={pasted.onPaste} />
          </div>
          <Button type="submit" className="lg:mt-6">
            <Plus aria-hidden="true" className="h-4 w-4" />
            {isSubmitting ? 'Adding...' : 'Add Task'}
          </Button>
        </fieldset>
        {disabled ? null : (
          <p className="text-xs text-slate-600">
            Have a plan in a spreadsheet? Copy its rows (name, start, end, assignee), click the chart and paste: each row
            becomes a task, and one undo takes them all back.
          </p>
        )}
      </form>
      {pasted.dialog}
    </>
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
  const { form, submit, createMany } = useCreateTaskForm(projectId, quickAddDefaults(today, dates), onCreated, onClose);
  const pasted = usePastedRows(form, createMany);
  const { isSubmitting } = form.formState;
  return (
    <DialogContent title="Create New Task" description="Add a task to this project's timeline.">
      <form onSubmit={submit} noValidate className="space-y-5">
        <TaskBasicsFields idPrefix="create-task" form={form} people={people} onNamePaste={pasted.onPaste} />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Creating...' : 'Create Task'}
          </Button>
        </div>
      </form>
      {pasted.dialog}
    </DialogContent>
  );
}
