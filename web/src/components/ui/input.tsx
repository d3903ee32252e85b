import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

export const fieldClasses =
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ' +
  'focus-visible:border-blue-600 disabled:opacity-60 aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...props }: InputProps) {
  return <input className={cn(fieldClasses, 'h-10', className)} {...props} />;
}
