import { z } from 'zod';
import type { LinkType } from '../schemas/dependency.js';
import type { ImportUndo } from './import-undo.js';

/*
 * Issue 37: the one shape every import reads into (ARCHITECTURE §3e). A reader (MS Project XML, CSV, Excel) turns
 * a file into an `ImportedPlan`; the preview counts it, and the commit turns it into ordinary tasks and links on
 * the write path. Readers never touch the database; the commit never reads a file.
 */

export const IMPORT_FORMATS = ['mspdi', 'csv', 'xlsx'] as const;
export const importFormatSchema = z.enum(IMPORT_FORMATS, { error: 'format must be one of mspdi, csv or xlsx' });
export type ImportFormat = z.infer<typeof importFormatSchema>;

export const IMPORT_MODES = ['append', 'replace'] as const;
export const importModeSchema = z.enum(IMPORT_MODES, { error: 'mode must be append or replace' });
export type ImportMode = z.infer<typeof importModeSchema>;

/** The largest file an import takes: a 10,000-task MS Project file with its links is ~25 MB. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/**
 * A row's number as the person finds it in their file: the task's ID in MS Project (its row in the task sheet),
 * the spreadsheet row for CSV and Excel (the header is row 1). `null` for what belongs to no row (the calendar).
 */
export interface ImportMessage {
  row: number | null;
  message: string;
}

/** A person named in the file, to be matched with the team's people by e-mail, then by name. */
export interface ImportedResource {
  /** The file's own key (MS Project's resource UID, or the e-mail/name as written in a CSV cell). */
  key: string;
  name: string;
  email: string | null;
}

export interface ImportedAssignment {
  resourceKey: string;
  /** Whole percent of the person's working day, ALLOCATION_MIN..ALLOCATION_MAX (MS Project Units 0.5 = 50). */
  allocation: number;
}

export interface ImportedTask {
  /** The file's own key for the task (MS Project UID, the ID column, or the row number): links name tasks by it. */
  key: string;
  row: number;
  name: string;
  /** Calendar dates (YYYY-MM-DD), in the file's project calendar; a summary's are rolled up from its subtasks. */
  startDate: string;
  endDate: string;
  kind: 'task' | 'milestone';
  /** The enclosing summary task's key (from OutlineLevel, WBS or a Level column); null at the top. */
  parentKey: string | null;
  /** Whole percent 0..100. */
  progress: number;
  status: 'pending' | 'in_progress' | 'completed' | 'blocked' | null;
  priority: 'low' | 'medium' | 'high' | 'critical' | null;
  description: string;
  assignments: ImportedAssignment[];
}

export interface ImportedLink {
  /** The row of the successor, where the link was written. */
  row: number;
  predecessorKey: string;
  successorKey: string;
  type: LinkType;
  /** Whole working days; negative is a lead. Readers round what the file has in finer units, with a warning. */
  lagDays: number;
}

export interface ImportedCalendar {
  /** 0 = Sunday .. 6 = Saturday, as ScheduleSettings. */
  workingWeekdays: number[];
  /** Non-working dates (YYYY-MM-DD), each once, sorted; recurring exceptions expanded. */
  holidays: string[];
}

export interface ImportedBaseline {
  name: string;
  tasks: { key: string; startDate: string; endDate: string }[];
}

/** The fields a CSV or Excel column can be mapped to (issue 37). */
export const IMPORT_FIELDS = [
  'id',
  'name',
  'start',
  'finish',
  'duration',
  'progress',
  'status',
  'priority',
  'assignee',
  'predecessors',
  'wbs',
  'level',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** How a spreadsheet's columns were read: its headers in order and, for each field, the header it is read from. */
export interface ImportColumns {
  headers: string[];
  mapping: Partial<Record<ImportField, string>>;
}

export interface ImportedPlan {
  format: ImportFormat;
  /** In file order; a parent comes before its subtasks. */
  tasks: ImportedTask[];
  links: ImportedLink[];
  resources: ImportedResource[];
  calendar: ImportedCalendar | null;
  baseline: ImportedBaseline | null;
  /** For CSV and Excel: the columns as read, for the preview's mapping controls. */
  columns: ImportColumns | null;
  /** Read, but not as written (a lag rounded to whole days, a link to a task outside the file dropped). */
  warnings: ImportMessage[];
  /** Not readable: nothing is imported while there is one. */
  errors: ImportMessage[];
}

/** POST /api/projects/{projectId}/import's answer (preview or stored). */
export interface ImportSummary {
  tasks: number;
  links: number;
  milestones: number;
  summaries: number;
  people: { name: string; email: string | null; matchedUserId: string | null }[];
  warnings: ImportMessage[];
  errors: ImportMessage[];
  columns: ImportColumns | null;
  /**
   * A stored import only: the instant just before it (the database's clock). The import is a server edit that no
   * browser's undo stack holds; POST /api/projects/{projectId}/restore { at: undoAt } takes it back.
   */
  undoAt?: string;
  /** A stored import only: the instant just after it; what anyone changes after it stays when the import is undone. */
  importedAt?: string;
  /** A stored import only: what POST /api/projects/{projectId}/import/undo takes to undo it, calendar and baseline too. */
  undo?: ImportUndo;
}
