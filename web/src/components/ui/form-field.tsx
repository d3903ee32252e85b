import type { ReactNode } from 'react';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown under the control whatever else is: a teammate's change to this field, say. */
  note?: ReactNode;
  /** Receives the props that tie the control to its label and its error message. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control and its error, wired so screen readers announce the error with the field. */
export function FormField({ id, label, error, hint, note, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {hint && !error ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {note}
    </div>
  );
}
