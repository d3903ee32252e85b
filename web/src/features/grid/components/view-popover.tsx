import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/**
 * A toolbar button opening a small non-modal panel under it (Filter, Sort): Escape or a click outside closes it
 * and focus goes back to the button. At 390 px the panel fits the screen.
 */
export function ViewPopover({ label, active, icon, title, children }: { label: ReactNode; active: boolean; icon: ReactNode; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  return (
    <div
      ref={root}
      className="relative"
      // Escape on the button or anywhere in the panel closes it.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className={buttonClasses('outline', 'sm', cn(active && 'border-blue-600 bg-blue-50 text-blue-800'))}
      >
        {icon}
        {label}
      </button>
      <div
        id={id}
        role="dialog"
        aria-label={title}
        hidden={!open}
        // On a phone the panel spans the screen (less a margin) below its button, wherever the button sits in the row.
        className="fixed right-3 left-3 z-50 mt-1 rounded-md border border-slate-200 bg-white p-3 shadow-lg sm:absolute sm:right-auto sm:left-0 sm:w-80"
      >
        {children}
      </div>
    </div>
  );
}
