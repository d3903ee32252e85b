import type { CustomField, CustomValues } from '@planline/domain';
import { useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { fieldClasses, Input } from '../../../components/ui/input';
import { customDraftOf, type CustomDraft } from '../model/task-edit-values';

/**
 * The Fields section's inputs as the form opened them and as the person has them now. The project's fields may come
 * in after the form opened (their list is read apart): they are then added, and what the person typed stays.
 */
export function useCustomDraft(fields: readonly CustomField[], values: Readonly<CustomValues>) {
  const [opened, setOpened] = useState<CustomDraft>(() => customDraftOf(fields, values));
  const [draft, setDraft] = useState<CustomDraft>(opened);
  const key = fields.map((f) => f.id).join();
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    setSeen(key);
    const from = customDraftOf(fields, values);
    setOpened(from);
    setDraft({ ...from, ...Object.fromEntries(Object.entries(draft).filter(([id, v]) => id in from && v !== opened[id])) });
  }
  return { opened, draft, set: (fieldId: string, value: string | boolean) => setDraft((d) => ({ ...d, [fieldId]: value })) };
}

interface CustomFieldInputsProps {
  fields: readonly CustomField[];
  draft: CustomDraft;
  onChange: (fieldId: string, value: string | boolean) => void;
}

/**
 * [custom-values] Edit Task's "Fields" section (issue 39): an input that fits each of the project's custom fields
 * (text, number, date, a list of the choice's options, a checkbox). Saved with the task's other fields, in one change.
 */
export function CustomFieldInputs({ fields, draft, onChange }: CustomFieldInputsProps) {
  if (!fields.length) return null;
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">Fields</legend>
      {fields.map((field) => {
        const id = `task-edit-custom-${field.id}`;
        const value = draft[field.id];
        if (field.type === 'checkbox') {
          return (
            <label key={field.id} htmlFor={id} className="flex items-center gap-2 self-end text-sm text-slate-800">
              <input id={id} type="checkbox" className="h-4 w-4" checked={value === true} onChange={(e) => onChange(field.id, e.target.checked)} />
              {field.name}
            </label>
          );
        }
        const text = typeof value === 'string' ? value : '';
        return (
          <FormField key={field.id} id={id} label={field.name}>
            {(control) =>
              field.type === 'choice' ? (
                <select {...control} className={`${fieldClasses} h-10`} value={text} onChange={(e) => onChange(field.id, e.target.value)}>
                  <option value="">—</option>
                  {/* A value whose option was just removed stays shown until the server clears it. */}
                  {[...field.options, ...(text && !field.options.includes(text) ? [text] : [])].map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : (
                <Input
                  {...control}
                  type={field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text'}
                  step={field.type === 'number' ? 'any' : undefined}
                  inputMode={field.type === 'number' ? 'decimal' : undefined}
                  autoComplete="off"
                  value={text}
                  onChange={(e) => onChange(field.id, e.target.value)}
                />
              )
            }
          </FormField>
        );
      })}
    </fieldset>
  );
}
