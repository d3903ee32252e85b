import type { GridColumnId } from '@planline/domain';
import { useLayoutEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { gridSelectionStore } from '../model/grid-selection.store';
import { useGrid } from './grid-context';

/** The reason a value was refused, under the row (grid-cells.tsx), for the editor's aria-describedby. */
export const EDIT_PROBLEM_ID = 'grid-edit-problem';

/**
 * [grid-editing] The text box of the cell being typed in. Its draft lives in the selection store, so a key press
 * renders this box alone. A refused value stays, marked (aria-invalid, a red outline), with the reason under the
 * row; Enter and Tab commit and move, Escape cancels (grid-controller.ts).
 */
export function GridEditor({ column }: { column: GridColumnId }) {
  const { controller, titleOf } = useGrid();
  const draft = useStore(gridSelectionStore, (s) => s.editing?.draft ?? '');
  const problem = useStore(gridSelectionStore, (s) => s.editing?.problem ?? null);
  const ref = useRef<HTMLInputElement>(null);
  // Before the next key press: typing on after the first character goes into the box.
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);
  return (
    <input
      ref={ref}
      data-grid-editor={column}
      aria-label={titleOf(column)}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? EDIT_PROBLEM_ID : undefined}
      value={draft}
      onChange={(event) => gridSelectionStore.getState().setDraft(event.target.value)}
      onKeyDown={controller.onEditorKeyDown}
      onBlur={() => controller.commit({ row: 0, col: 0 })}
      onMouseDown={(event) => event.stopPropagation()}
      className={
        problem
          ? 'h-full w-full min-w-0 bg-white px-2 text-sm text-slate-900 outline-2 -outline-offset-2 outline-red-600'
          : 'h-full w-full min-w-0 bg-white px-2 text-sm text-slate-900 outline-2 -outline-offset-2 outline-blue-600'
      }
    />
  );
}
