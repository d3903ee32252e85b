import { z } from 'zod';
import { workCalendarSettingsSchema } from '../scheduling/scheduling.schema.js';
import { planInstantSchema } from '../schemas/time-travel.js';

/**
 * [import-undo] What undoing a stored import takes back (issue 37), as the import's answer gives it and
 * POST /api/projects/{projectId}/import/undo takes it: the plan restored to `at` (what anyone changed after
 * `keepEditsAfter` stays), the project's calendar put back to `before` when the import took the file's (and only
 * while it is still the one the import set, `after`), and the "Imported baseline" the import saved removed.
 */
export const importUndoSchema = z.object({
  at: planInstantSchema,
  keepEditsAfter: planInstantSchema,
  calendar: z
    .object({ before: workCalendarSettingsSchema, after: workCalendarSettingsSchema }, { error: 'calendar must hold the calendar before and after the import' })
    .nullable()
    .default(null),
  baselineId: z.uuid({ error: 'baselineId must be the id of a baseline' }).transform((id) => id.toLowerCase()).nullable().default(null),
});
export type ImportUndoInput = z.infer<typeof importUndoSchema>;
/** The import answer's `undo`, sent back as it came. */
export type ImportUndo = z.input<typeof importUndoSchema>;

/** What undoing an import did beyond the tasks: whether the calendar went back (false: a teammate changed it since, theirs stays). */
export interface ImportUndoResult {
  undoAt: string;
  calendarRestored: boolean;
  baselineRemoved: boolean;
}
