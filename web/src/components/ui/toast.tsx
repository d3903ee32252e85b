import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import type { ToastVariant } from '../../lib/toast.store';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        'fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none',
        className,
      )}
      {...props}
    />
  );
}

const variants: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  destructive: 'border-red-600 bg-red-600 text-white',
};

interface ToastProps extends ComponentProps<typeof ToastPrimitive.Root> {
  variant?: ToastVariant;
}

export function Toast({ variant = 'default', className, ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      className={cn(
        'group relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0',
        'data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('mt-1 text-sm opacity-90', className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'mt-2 inline-flex h-8 items-center rounded-md border border-current px-3 text-sm font-medium',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        'absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="h-4 w-4" />
    </ToastPrimitive.Close>
  );
}
