import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../../lib/cn';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

/*
 * The task forms' Milestone choice (issue 17): a milestone is on its start date, so while it is ticked the end
 * date shows the start date and cannot be changed (the schema sends the start date for both).
 */

export function MilestoneCheckbox({ id, register, className }: { id: string; register: UseFormRegisterReturn; className?: string }) {
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input
        id={id}
        type="checkbox"
        {...register}
        className="h-4 w-4 rounded accent-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        Milestone <span className="text-slate-500">(a single day, drawn as a diamond)</span>
      </label>
    </div>
  );
}

interface EndDateFieldProps {
  id: string;
  register: UseFormRegisterReturn;
  milestone: boolean;
  startDate: string;
  error: string | undefined;
  /** A summary's end date is its subtasks': shown read-only, with this hint. */
  rolledUp?: string | undefined;
  note?: ReactNode;
}

export function EndDateField({ id, register, milestone, startDate, error, rolledUp, note }: EndDateFieldProps) {
  return (
    <FormField id={id} label="End date" error={milestone ? undefined : error} hint={milestone ? 'A milestone ends on its start date.' : rolledUp} note={note}>
      {(control) =>
        // Not registered while it shows the start date: the value the person typed comes back if they untick.
        milestone ? (
          <Input {...control} type="date" value={startDate} disabled readOnly />
        ) : (
          <Input {...control} type="date" readOnly={rolledUp !== undefined} {...register} />
        )
      }
    </FormField>
  );
}
