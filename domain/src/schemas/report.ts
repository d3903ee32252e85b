import { z } from 'zod';
import { calendarDateSchema } from './project.js';
import { textError } from './user.js';

export const REPORT_SUMMARY_MAX_LENGTH = 5000;
/** A screenshot travels inside the JSON body, which is capped at 1 MB. */
export const REPORT_SCREENSHOT_MAX_CHARS = 700_000;

/** POST /api/projects/{id}/weekly-reports. The figures are the server's to compute, never the client's. */
export const createWeeklyReportInputSchema = z.object({
  weekEndingDate: z.string({ error: 'Week ending date is required' }).pipe(calendarDateSchema),
  summary: z
    .string({ error: textError('Summary') })
    .trim()
    .max(REPORT_SUMMARY_MAX_LENGTH, `Summary must be at most ${REPORT_SUMMARY_MAX_LENGTH} characters`)
    .nullable()
    .optional(),
  ganttScreenshot: z
    .string({ error: textError('Screenshot') })
    .regex(/^data:image\/(png|jpeg|webp);base64,/, 'Screenshot must be a PNG, JPEG or WebP data URL')
    .max(REPORT_SCREENSHOT_MAX_CHARS, 'Screenshot is too large')
    .nullable()
    .optional(),
});
export type CreateWeeklyReportInput = z.infer<typeof createWeeklyReportInputSchema>;

export const weeklyReportSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  weekEndingDate: z.string(),
  summary: z.string().nullable(),
  ganttScreenshot: z.string().nullable(),
  tasksCompleted: z.number().int(),
  tasksTotal: z.number().int(),
  progressPercentage: z.number().int(),
  createdAt: z.string(),
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;
