import { createStore } from 'zustand/vanilla';

/**
 * A link being drawn from a bar's handle: the line runs from that end of the bar to the pointer (chart pixels),
 * or to the bar under the pointer, which the drop would link.
 */
export interface LinkDraft {
  fromTaskId: string;
  side: 'start' | 'end';
  x: number;
  y: number;
  targetTaskId: string | null;
}

/** The arrow the user selected (its linkKey) and the link being drawn with the pointer. */
export const linkStore = createStore<{ selected: string | null; draft: LinkDraft | null }>(() => ({ selected: null, draft: null }));
