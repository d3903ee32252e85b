import { CUSTOM_FIELD_NAME_MAX_LENGTH, CUSTOM_FIELD_TYPES, type CustomField, type CustomFieldType } from '@planline/domain';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { fieldClasses, Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { isUnauthorizedError, serverMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast.store';
import { handleUnauthorized } from '../auth';
import { useCreateCustomField, useRemoveCustomField, useRestoreCustomField, useUpdateCustomField } from './custom-fields.api';
import { optionsFromText } from './custom-fields.cache';
import { useCustomFields } from './custom-fields.queries';

/**
 * [custom-fields-dialog] The project's custom fields: add (name, type, options), rename, reorder, change a choice
 * field's options, remove (with Undo). Opened from the grid's Columns menu. Implemented with the fields API (issue 39).
 */
export interface CustomFieldsDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** May add, change and remove fields (a team member with edit rights); others only see the list. */
  canEdit: boolean;
}

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  choice: 'Single choice',
  checkbox: 'Checkbox',
};

/** What a refused request says, for the line under the form that sent it. */
const refusalOf = (err: unknown, fallback: string): string | null => {
  if (isUnauthorizedError(err)) {
    handleUnauthorized();
    return null;
  }
  return serverMessage(err) ?? fallback;
};

export function CustomFieldsDialog({ projectId, open, onOpenChange, canEdit }: CustomFieldsDialogProps) {
  const fields = useCustomFields(projectId, open);
  const [removing, setRemoving] = useState<CustomField | null>(null);
  const list = fields.data ?? [];

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        {open ? (
          <DialogContent
            title="Custom fields"
            description={canEdit ? "This project's own columns. Every task can hold a value of each." : "This project's own columns. Its team adds and changes them."}
          >
            <div className="space-y-5">
              {fields.isPending ? <p className="text-sm text-slate-600">Loading fields…</p> : null}
              {fields.isError ? (
                <p role="alert" className="text-sm text-red-600">
                  The fields could not be loaded. Close and open this again.
                </p>
              ) : null}
              {fields.isSuccess && !list.length ? <p className="text-sm text-slate-600">No custom fields yet.</p> : null}
              {list.length ? (
                <ul aria-label="Fields" className="divide-y divide-slate-100 rounded-md border border-slate-200">
                  {list.map((field, index) => (
                    <FieldRow
                      key={field.id}
                      projectId={projectId}
                      field={field}
                      index={index}
                      count={list.length}
                      canEdit={canEdit}
                      onRemove={() => setRemoving(field)}
                    />
                  ))}
                </ul>
              ) : null}
              {canEdit ? <AddFieldForm projectId={projectId} /> : null}
              <div className="flex justify-end">
                <DialogClose asChild>
                  <Button variant="outline">Done</Button>
                </DialogClose>
              </div>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
      <RemoveFieldConfirm projectId={projectId} field={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

/** One field: its name (renamed on Enter or Save), its options if a choice, moves up and down, and removal. */
function FieldRow({
  projectId,
  field,
  index,
  count,
  canEdit,
  onRemove,
}: {
  projectId: string;
  field: CustomField;
  index: number;
  count: number;
  canEdit: boolean;
  onRemove: () => void;
}) {
  const update = useUpdateCustomField(projectId);
  const [name, setName] = useState(field.name);
  const [options, setOptions] = useState(field.options.join('\n'));
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();
  // A teammate's change (or this row's own, saved) comes in through the list.
  useEffect(() => setName(field.name), [field.name]);
  useEffect(() => setOptions(field.options.join('\n')), [field.options]);

  const save = (input: Parameters<typeof update.mutate>[0]['input']) => {
    setRefusal(null);
    update.mutate({ fieldId: field.id, input }, { onError: (err) => setRefusal(refusalOf(err, 'The field could not be saved. Try again.')) });
  };
  const changedName = name.trim() !== field.name;
  const changedOptions = optionsFromText(options).join('\n') !== field.options.join('\n');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!changedName && !changedOptions) return;
    save({ ...(changedName ? { name: name.trim() } : {}), ...(changedOptions ? { options: optionsFromText(options) } : {}) });
  };

  if (!canEdit) {
    return (
      <li className="px-3 py-2 text-sm" data-custom-field={field.name}>
        <span className="font-medium text-slate-900">{field.name}</span>
        <span className="ml-2 text-xs text-slate-600">{CUSTOM_FIELD_TYPE_LABELS[field.type]}</span>
        {field.type === 'choice' ? <span className="block text-xs text-slate-600">{field.options.join(', ')}</span> : null}
      </li>
    );
  }
  return (
    <li className="space-y-2 px-3 py-2 text-sm" data-custom-field={field.name}>
      <form onSubmit={onSubmit} className="space-y-2" noValidate>
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-name`} className="sr-only">
            Name of {field.name}
          </Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={CUSTOM_FIELD_NAME_MAX_LENGTH}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={Boolean(refusal)}
            aria-describedby={refusal ? `${id}-refusal` : undefined}
            className="h-8 flex-1"
          />
          <span className="w-24 shrink-0 text-xs text-slate-600">{CUSTOM_FIELD_TYPE_LABELS[field.type]}</span>
          <Button variant="ghost" size="sm" aria-label={`Move ${field.name} up`} disabled={index === 0 || update.isPending} onClick={() => save({ position: index - 1 })}>
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Move ${field.name} down`}
            disabled={index === count - 1 || update.isPending}
            onClick={() => save({ position: index + 1 })}
          >
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Remove field ${field.name}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
        {field.type === 'choice' ? (
          <div className="space-y-1">
            <Label htmlFor={`${id}-options`}>Options of {field.name}, one a line</Label>
            <Textarea id={`${id}-options`} rows={Math.min(6, Math.max(2, field.options.length + 1))} value={options} onChange={(e) => setOptions(e.target.value)} />
            <p className="text-xs text-slate-500">An option taken out is cleared from the tasks that hold it.</p>
          </div>
        ) : null}
        {changedName || changedOptions ? (
          <div className="flex justify-end">
            <Button type="submit" size="sm" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        ) : null}
      </form>
      {refusal ? (
        <p id={`${id}-refusal`} role="alert" className="text-sm text-red-600">
          {refusal}
        </p>
      ) : null}
    </li>
  );
}

function AddFieldForm({ projectId }: { projectId: string }) {
  const create = useCreateCustomField(projectId);
  const [name, setName] = useState('');
  const [type, setType] = useState<CustomFieldType>('text');
  const [options, setOptions] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    create.mutate(
      { name: name.trim(), type, ...(type === 'choice' ? { options: optionsFromText(options) } : {}) },
      {
        onSuccess: () => {
          setName('');
          setOptions('');
        },
        onError: (err) => setRefusal(refusalOf(err, 'The field could not be added. Try again.')),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-md border border-dashed border-slate-300 p-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-medium text-slate-700">
        Add a field
      </h3>
      <div className="flex gap-2">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor={`${id}-name`}>Field name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={CUSTOM_FIELD_NAME_MAX_LENGTH}
            placeholder="Cost"
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={Boolean(refusal)}
            aria-describedby={refusal ? `${id}-refusal` : undefined}
          />
        </div>
        <div className="w-40 space-y-1.5">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <select id={`${id}-type`} className={`${fieldClasses} h-10`} value={type} onChange={(e) => setType(e.target.value as CustomFieldType)}>
            {CUSTOM_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {CUSTOM_FIELD_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {type === 'choice' ? (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-options`}>Options, one a line</Label>
          <Textarea id={`${id}-options`} rows={3} value={options} placeholder={'Design\nBuild'} onChange={(e) => setOptions(e.target.value)} />
        </div>
      ) : null}
      {refusal ? (
        <p id={`${id}-refusal`} role="alert" className="text-sm text-red-600">
          {refusal}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending || !name.trim()}>
          {create.isPending ? 'Adding…' : 'Add field'}
        </Button>
      </div>
    </form>
  );
}

/** Removal asks first; then a toast offers Undo (the restore, with the values the removal took). */
function RemoveFieldConfirm({ projectId, field, onClose }: { projectId: string; field: CustomField | null; onClose: () => void }) {
  const remove = useRemoveCustomField(projectId);
  const restore = useRestoreCustomField(projectId);
  return (
    <ConfirmDialog
      open={field !== null}
      onOpenChange={(next) => !next && onClose()}
      title="Remove field"
      description={field ? `Remove “${field.name}” and its values from every task? Undo brings them back.` : ''}
      confirmLabel="Remove field"
      pendingLabel="Removing…"
      pending={remove.isPending}
      onConfirm={() => {
        if (!field) return;
        remove.mutate(field.id, {
          onSuccess: () => {
            onClose();
            toast({
              title: 'Field removed',
              description: `“${field.name}” and its values were removed.`,
              action: {
                label: 'Undo',
                altText: 'Undo removing the field',
                onSelect: () =>
                  restore.mutate(field.id, {
                    onError: (err) => {
                      const message = refusalOf(err, 'The field could not be brought back.');
                      if (message) toast({ title: 'Could not undo', description: message, variant: 'destructive' });
                    },
                  }),
              },
            });
          },
          onError: (err) => {
            const message = refusalOf(err, 'The field could not be removed. Try again.');
            if (message) toast({ title: 'Error', description: message, variant: 'destructive' });
          },
        });
      }}
    />
  );
}
