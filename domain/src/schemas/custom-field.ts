import { z } from 'zod';
import { calendarDateSchema } from './calendar-date.js';
import { requiredName, wellFormed, withoutNul } from './text.js';
import { textError } from './user.js';

/*
 * Issue 39, custom fields: a project's own columns (text, number, date, single choice, checkbox). A field is defined
 * once per project (project_custom_fields); each task keeps its values in the project document as the task field
 * `custom` ({ fieldId: value }), judged like every other field on the write path: its shape here, statically, and
 * against the project's field definitions (customValueProblem) by the store.
 */

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'choice', 'checkbox'] as const;
export const customFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES, { error: `Field type must be one of ${CUSTOM_FIELD_TYPES.join(', ')}` });
export type CustomFieldType = z.infer<typeof customFieldTypeSchema>;

/** Fields one project may define (a column each); past it a 409 naming the limit. */
export const MAX_CUSTOM_FIELDS_PER_PROJECT = 30;
export const CUSTOM_FIELD_NAME_MAX_LENGTH = 60;
/** Options a single-choice field may offer, and the longest option. */
export const CUSTOM_FIELD_MAX_OPTIONS = 50;
export const CUSTOM_FIELD_OPTION_MAX_LENGTH = 60;
/** The longest text value. */
export const CUSTOM_TEXT_MAX_LENGTH = 500;
/** Numbers are kept within ±this (and finite), so a sum of every task's stays exact in a double. */
export const CUSTOM_NUMBER_LIMIT = 1e12;
/** A deleted field can be brought back, with the values it removed, for this long. */
export const CUSTOM_FIELD_RESTORE_DAYS = 30;

const optionSchema = z
  .string({ error: textError('An option') })
  .overwrite((v) => wellFormed(v).trim())
  .min(1, 'An option cannot be empty')
  .max(CUSTOM_FIELD_OPTION_MAX_LENGTH, `An option is at most ${CUSTOM_FIELD_OPTION_MAX_LENGTH} characters`)
  .refine(...withoutNul('An option'));

export const customFieldOptionsSchema = z
  .array(optionSchema, { error: 'Options must be a list of text' })
  .max(CUSTOM_FIELD_MAX_OPTIONS, `A field offers at most ${CUSTOM_FIELD_MAX_OPTIONS} options`)
  .refine((list) => new Set(list.map((o) => o.toLocaleLowerCase())).size === list.length, 'Each option can be listed once');

export const customFieldNameSchema = requiredName('Field name', CUSTOM_FIELD_NAME_MAX_LENGTH);

/** A field as the API answers it. `options` is empty unless the type is choice. */
export const customFieldSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  type: customFieldTypeSchema,
  options: z.array(z.string()),
  /** Column order among the project's fields, from 0. */
  position: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** POST /api/projects/{projectId}/fields. A choice field needs at least one option; other types take none. */
export const createCustomFieldInputSchema = z
  .object({
    name: customFieldNameSchema,
    type: customFieldTypeSchema,
    options: customFieldOptionsSchema.optional(),
  })
  .strict()
  .refine((v) => v.type !== 'choice' || (v.options?.length ?? 0) > 0, { message: 'A choice field needs at least one option', path: ['options'] })
  .refine((v) => v.type === 'choice' || !v.options?.length, { message: 'Only a choice field has options', path: ['options'] });
export type CreateCustomFieldInput = z.infer<typeof createCustomFieldInputSchema>;

/**
 * PATCH /api/projects/{projectId}/fields/{fieldId}: rename, change a choice field's options, or move the column.
 * The type cannot change (a value of one type is not one of another): add a new field instead. Removing an option
 * that tasks hold clears it from them, in one server edit (history, undoable like any edit).
 */
export const updateCustomFieldInputSchema = z
  .object({
    name: customFieldNameSchema.optional(),
    options: customFieldOptionsSchema.optional(),
    position: z.number({ error: 'Position must be a whole number' }).int('Position must be a whole number').min(0).max(MAX_CUSTOM_FIELDS_PER_PROJECT).optional(),
  })
  .strict()
  .refine((v) => v.name !== undefined || v.options !== undefined || v.position !== undefined, 'Nothing to update: send name, options or position');
export type UpdateCustomFieldInput = z.infer<typeof updateCustomFieldInputSchema>;

/** One value as the document and the API hold it: text, a number, an ISO date (text), a choice (its option's text), a checkbox. */
export const customValueSchema = z.union([z.string().max(CUSTOM_TEXT_MAX_LENGTH), z.number(), z.boolean()]);
export type CustomValue = z.infer<typeof customValueSchema>;

/**
 * The task field `custom`: field id → value, statically (its shape, whatever the project defines). Kept canonical
 * (lower-case ids in order; an empty text, a null or an unchecked checkbox left out), so copies compare equal.
 * Whether a value fits its field is `customValueProblem`, judged where the project's fields are known.
 */
export const customValuesSchema = z
  .record(z.string(), customValueSchema.nullable(), { error: 'Custom values must be an object of field ids and values' })
  .refine((r) => Object.keys(r).every((id) => z.uuid().safeParse(id).success), 'A custom value must be keyed by its field id')
  .refine((r) => Object.keys(r).length <= MAX_CUSTOM_FIELDS_PER_PROJECT, `A task has at most ${MAX_CUSTOM_FIELDS_PER_PROJECT} custom values`)
  .refine((r) => Object.values(r).every((v) => typeof v !== 'string' || !v.includes('\u0000')), 'A custom value cannot contain a null character')
  .transform(canonicalCustomValues);
export type CustomValues = Record<string, CustomValue>;

/**
 * `custom` of PATCH /api/tasks/{id}: the listed fields' new values, merged into the task's (a field not listed keeps
 * its value; null, an empty text or false clears one). Keys lower-case, as the document keeps them.
 */
export const customValuesPatchSchema = z
  .record(z.string(), customValueSchema.nullable(), { error: 'Custom values must be an object of field ids and values' })
  .refine((r) => Object.keys(r).every((id) => z.uuid().safeParse(id).success), 'A custom value must be keyed by its field id')
  .refine((r) => Object.keys(r).length <= MAX_CUSTOM_FIELDS_PER_PROJECT, `A task has at most ${MAX_CUSTOM_FIELDS_PER_PROJECT} custom values`)
  .refine((r) => Object.values(r).every((v) => typeof v !== 'string' || !v.includes('\u0000')), 'A custom value cannot contain a null character')
  .transform((r) => Object.fromEntries(Object.entries(r).map(([id, v]) => [id.toLowerCase(), v])) as Record<string, CustomValue | null>);

/** `current` with `patch` merged in (customValuesPatchSchema), canonical. */
export const mergeCustomValues = (current: Readonly<Record<string, CustomValue>>, patch: Readonly<Record<string, CustomValue | null>>): CustomValues =>
  canonicalCustomValues({ ...current, ...patch });

/** Values in one order, without the empty ones: `{}` for a task with none. */
export function canonicalCustomValues(values: Readonly<Record<string, CustomValue | null>>): CustomValues {
  const entries = Object.entries(values)
    .map(([id, value]) => [id.toLowerCase(), typeof value === 'string' ? wellFormed(value) : value] as const)
    .filter((entry): entry is readonly [string, CustomValue] => entry[1] !== null && entry[1] !== '' && entry[1] !== false);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

/**
 * Why `value` cannot be `field`'s value, in words for the person who typed it; null when it can. A field the task
 * holds a value of but the project no longer defines is the caller's to judge (the value goes).
 */
export function customValueProblem(field: Pick<CustomField, 'name' | 'type' | 'options'>, value: unknown): string | null {
  switch (field.type) {
    case 'text':
      return typeof value === 'string' && value.length <= CUSTOM_TEXT_MAX_LENGTH ? null : `${field.name} is text of at most ${CUSTOM_TEXT_MAX_LENGTH} characters`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= CUSTOM_NUMBER_LIMIT
        ? null
        : `${field.name} must be a number (at most ${CUSTOM_NUMBER_LIMIT.toExponential()} either way)`;
    case 'date':
      return typeof value === 'string' && calendarDateSchema.safeParse(value).success ? null : `${field.name} must be a date like 2026-12-31`;
    case 'choice':
      return typeof value === 'string' && field.options.includes(value) ? null : `${field.name} must be one of ${field.options.join(', ')}`;
    case 'checkbox':
      return typeof value === 'boolean' ? null : `${field.name} is checked or not (true or false)`;
  }
}

/** The project's fields a value is judged against, by (lower-case) id. */
export type CustomFieldDefinitions = ReadonlyMap<string, Pick<CustomField, 'name' | 'type' | 'options'>>;

/**
 * `next` judged against the project's fields, value by value: each value that differs from `before` and fits no
 * field (one the project does not define, or of the wrong type or option) goes back to its value in `before` (gone,
 * if it had none), and its problem is told. Values unchanged are not judged again: a field's own edits (an option
 * removed, the field deleted) clear what they make wrong, in the same server edit.
 */
export function judgeCustomValues(
  next: Readonly<Record<string, CustomValue>>,
  before: Readonly<Record<string, CustomValue>>,
  fields: CustomFieldDefinitions,
): { values: CustomValues; problems: string[] } {
  const values: Record<string, CustomValue> = {};
  const problems: string[] = [];
  for (const id of new Set([...Object.keys(before), ...Object.keys(next)])) {
    const value = next[id];
    if (value === undefined || value === before[id]) {
      if (value !== undefined) values[id] = value;
      continue;
    }
    const field = fields.get(id);
    const problem = field ? customValueProblem(field, value) : `This project has no field ${id} (it may have been removed)`;
    if (problem === null) values[id] = value;
    else {
      problems.push(problem);
      if (before[id] !== undefined) values[id] = before[id];
    }
  }
  return { values: canonicalCustomValues(values), problems };
}

/** The grid's column id of a custom field (view.ts). */
export const customColumnId = (fieldId: string) => `cf:${fieldId.toLowerCase()}` as const;
/** The field id of a custom column id, or null for a built-in column. */
export const customFieldIdOf = (columnId: string): string | null => (columnId.startsWith('cf:') ? columnId.slice(3) : null);
