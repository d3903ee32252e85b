import { z } from 'zod';

/**
 * Dependency links (issue 17): predecessor → successor, with one of the four types planners know from MS Project,
 * Bryntum and DHTMLX, and a lag in working days (negative: a lead).
 * - FS: the successor starts after the predecessor finishes (the default);
 * - SS: it starts once the predecessor has started;
 * - FF: it finishes once the predecessor has finished;
 * - SF: it finishes once the predecessor has started.
 */
export const LINK_TYPES = ['FS', 'SS', 'FF', 'SF'] as const;
export const linkTypeSchema = z.enum(LINK_TYPES, { error: 'Link type must be one of FS, SS, FF or SF' });
export type LinkType = z.infer<typeof linkTypeSchema>;

/** The longest lag or lead a link may have, in working days (about four years). */
export const MAX_LAG_DAYS = 999;
const LAG_MESSAGE = `Lag must be a whole number of working days from -${MAX_LAG_DAYS} to ${MAX_LAG_DAYS}`;
export const lagDaysSchema = z.number({ error: LAG_MESSAGE }).int(LAG_MESSAGE).min(-MAX_LAG_DAYS, LAG_MESSAGE).max(MAX_LAG_DAYS, LAG_MESSAGE);

/** A link as the project document and the API hold it. */
export const linkSchema = z.strictObject({ type: linkTypeSchema, lagDays: lagDaysSchema });
export type Link = z.infer<typeof linkSchema>;
export const DEFAULT_LINK: Link = Object.freeze({ type: 'FS', lagDays: 0 });

/**
 * A `dependencies` value of the document as a link, or null when it is not one. Documents written before link
 * types hold a bare `true`: that is finish-to-start without lag.
 */
export function readLinkValue(value: unknown): Link | null {
  if (value === true) return DEFAULT_LINK;
  const parsed = linkSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const sameLink = (a: Link, b: Link) => a.type === b.type && a.lagDays === b.lagDays;

/** POST /api/tasks/{id}/dependencies. */
export const dependencyInputSchema = z.object({
  dependsOnTaskId: z.uuid({ error: 'Choose the task this one depends on' }),
  type: linkTypeSchema.default('FS'),
  lagDays: lagDaysSchema.default(0),
});
export type DependencyInput = z.infer<typeof dependencyInputSchema>;

/** PATCH /api/tasks/{id}/dependencies/{dependsOnTaskId}: a new type, a new lag, or both. */
export const updateDependencyInputSchema = z
  .object({ type: linkTypeSchema.optional(), lagDays: lagDaysSchema.optional() })
  .refine((v) => v.type !== undefined || v.lagDays !== undefined, { message: 'Nothing to update: send a type, a lag or both' });
export type UpdateDependencyInput = z.infer<typeof updateDependencyInputSchema>;

/** A task's link to one of its predecessors, in API answers. */
export const taskLinkSchema = z.object({ dependsOnTaskId: z.uuid(), type: linkTypeSchema, lagDays: z.number().int() });
export type TaskLink = z.infer<typeof taskLinkSchema>;

/**
 * [link-summary] A predecessor and its link as history rows and exports write them: "Design (FS)", "Survey
 * (SS +2d)", "Pour (FF -1d)" (a lead). MS Project's "2SS+2d" notation, with the task's name for its row number.
 */
export function linkSummary(predecessorName: string, link: Link): string {
  const lag = link.lagDays === 0 ? '' : ` ${link.lagDays > 0 ? '+' : '-'}${Math.abs(link.lagDays)}d`;
  return `${predecessorName} (${link.type}${lag})`;
}

const LINK_SUMMARY = /^([\s\S]*) \((FS|SS|FF|SF)(?: ([+-]\d{1,3})d)?\)$/;

/** The name and link of a linkSummary, or null for any other text. */
export function readLinkSummary(text: string): { predecessorName: string; link: Link } | null {
  const match = LINK_SUMMARY.exec(text);
  if (!match) return null;
  const link = readLinkValue({ type: match[2], lagDays: match[3] ? Number(match[3]) : 0 });
  return link ? { predecessorName: match[1]!, link } : null;
}
