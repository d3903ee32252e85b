import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { fieldClasses } from './input';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(fieldClasses, 'py-2', className)} {...props} />;
}
