import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Shown under the title and kept in view with it (tabs); the children scroll beneath. */
  header?: ReactNode;
  /** The scrolling part, for a caller that resets its scroll (a tab switch). */
  bodyRef?: Ref<HTMLDivElement>;
}

/** A modal with a title (required by Radix for screen readers), a close button, focus trap and Escape. */
export function DialogContent({ title, description, children, className, header, bodyRef }: DialogContentProps) {
  const content = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  // Radix gives Escape to the most recent layer only, and a toast raised from inside the dialog ('Link Copied')
  // is a layer too: Escape would close the toast and leave the dialog open. Escape pressed inside the dialog
  // closes the dialog as well. Keys from portalled children (an open select) are not inside, so they only
  // close their own layer.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && event.target instanceof Node && content.current?.contains(event.target)) {
      close.current?.click();
    }
  };

  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50 data-[state=open]:animate-overlay-in" />
      <DialogPrimitive.Content
        ref={content}
        onKeyDown={onKeyDown}
        // Radix returns focus to a Dialog.Trigger; dialogs opened from the store (the top navigation, the
        // sidebar) have none, so focus goes back to whatever opened them, unless another dialog took over.
        onOpenAutoFocus={() => {
          returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          const otherDialogs = Array.from(document.querySelectorAll('[role="dialog"][data-state="open"]')).filter(
            (dialog) => dialog !== content.current,
          );
          const target = returnFocus.current;
          // A confirm opened from inside another dialog gives focus back to its opener in that dialog, or Escape
          // would reach the toast layer instead of the dialog still open.
          const openerInOpenDialog = target?.isConnected === true && otherDialogs.some((dialog) => dialog.contains(target));
          if (otherDialogs.length > 0 && !openerInOpenDialog) event.preventDefault();
          else if (target?.isConnected && target !== document.body) {
            event.preventDefault();
            target.focus();
          }
        }}
        className={cn(
          // The title stays in view and only the body scrolls: a long form scrolled to its buttons no longer takes
          // the title (and tabs) with it. Height follows the content, up to 90% of the screen.
          'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
          'overflow-hidden rounded-xl bg-white shadow-xl focus:outline-none data-[state=open]:animate-dialog-in',
          className,
        )}
        // Without a description Radix warns unless aria-describedby is explicitly undefined.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="shrink-0 px-6 pt-6">
          <div className="mb-4 pr-8">
            <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">{description}</DialogPrimitive.Description>
            ) : null}
          </div>
          {header}
        </div>
        <div ref={bodyRef} data-dialog-body className="min-h-0 overflow-y-auto px-6 pb-6">
          {children}
        </div>
        <DialogPrimitive.Close
          ref={close}
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
