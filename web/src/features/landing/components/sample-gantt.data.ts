/**
 * Invented tasks for the landing page preview (PRODUCT-SPEC §1 says it is illustrative, not real data).
 * Positions are in weeks so the picture never depends on today's date.
 */
export interface SampleTask {
  name: string;
  startWeek: number;
  lengthWeeks: number;
  progress: number;
  barClass: string;
}

export const SAMPLE_WEEKS = 8;

export const SAMPLE_TASKS: readonly SampleTask[] = [
  { name: 'Discovery workshops', startWeek: 0, lengthWeeks: 2, progress: 100, barClass: 'bg-emerald-500' },
  { name: 'Wireframes', startWeek: 1, lengthWeeks: 2.5, progress: 80, barClass: 'bg-sky-500' },
  { name: 'Visual design', startWeek: 3, lengthWeeks: 2, progress: 45, barClass: 'bg-violet-500' },
  { name: 'API integration', startWeek: 3.5, lengthWeeks: 3, progress: 30, barClass: 'bg-blue-600' },
  { name: 'QA and fixes', startWeek: 5.5, lengthWeeks: 1.5, progress: 0, barClass: 'bg-amber-500' },
  { name: 'Launch', startWeek: 7, lengthWeeks: 1, progress: 0, barClass: 'bg-rose-500' },
];
