/**
 * Invented tasks for the landing page preview (PRODUCT-SPEC §1 says it is illustrative, not real data).
 * Positions are in weeks so the picture never depends on today's date.
 */
export interface SampleTask {
  name: string;
  startWeek: number;
  lengthWeeks: number;
  progress: number;
  /** Bar colour; the done part is solid, the rest a tint of it. */
  color: string;
}

export const SAMPLE_WEEKS = 8;

export const SAMPLE_TASKS: readonly SampleTask[] = [
  { name: 'Discovery workshops', startWeek: 0, lengthWeeks: 2, progress: 100, color: '#10b981' },
  { name: 'Wireframes', startWeek: 1, lengthWeeks: 2.5, progress: 80, color: '#0ea5e9' },
  { name: 'Visual design', startWeek: 3, lengthWeeks: 2, progress: 45, color: '#8b5cf6' },
  { name: 'API integration', startWeek: 3.5, lengthWeeks: 3, progress: 30, color: '#2563eb' },
  { name: 'QA and fixes', startWeek: 5.5, lengthWeeks: 1.5, progress: 0, color: '#f59e0b' },
  { name: 'Launch', startWeek: 7, lengthWeeks: 1, progress: 0, color: '#f43f5e' },
];
