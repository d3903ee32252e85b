import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { FieldControlProps } from './form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface SelectOption {
  value: string;
  label: ReactNode;
  /** Shown before the label in the list (a status dot, say). */
  leading?: ReactNode;
}

interface FormSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  /** What FormField hands its child: the id and the error wiring. */
  field: FieldControlProps;
  options: readonly SelectOption[];
  placeholder?: string;
  /** Shown in the closed select before the chosen value. */
  triggerLeading?: (value: string | undefined) => ReactNode;
}

/** A Radix select bound to a react-hook-form field, for use inside FormField. */
export function FormSelect<T extends FieldValues>({ control, name, field: fieldControl, options, placeholder, triggerLeading }: FormSelectProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={field.onChange} name={field.name}>
          <SelectTrigger {...fieldControl} onBlur={field.onBlur} className="w-full">
            {triggerLeading?.(field.value)}
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value} leading={option.leading}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
