import { CUSTOM_FIELD_RESTORE_DAYS, MAX_CUSTOM_FIELDS_PER_PROJECT } from '@planline/domain';
import { AppError } from '../../errors.js';
import type { ProjectAccess, Sql } from '../access/access.queries.js';
import { requireProjectAccess } from '../access/access.policy.js';
import type { CustomFieldRow } from './custom-fields.queries.js';

export const CUSTOM_FIELD_NOT_FOUND = 'Custom field not found';
export const CUSTOM_FIELD_EDITORS_ONLY = "Only members of the project's team can add, change or remove its custom fields";

/**
 * [custom-field-access] A project's fields are its columns for everyone: its team defines them, like its schedule
 * settings and baselines; everyone who opens the project (guests too) reads them and edits their values in tasks.
 * Guests get 403, outsiders 404.
 */
export async function requireCustomFieldEditor(sql: Sql, userId: string, projectId: string): Promise<ProjectAccess> {
  const access = await requireProjectAccess(sql, userId, projectId);
  if (access.access !== 'team') throw new AppError('forbidden', CUSTOM_FIELD_EDITORS_ONLY);
  return access;
}

/** [custom-field-limit] Room for one more field in a project holding `count`; 409 otherwise (no plan raises it). */
export function requireRoomForField(count: number): void {
  if (count >= MAX_CUSTOM_FIELDS_PER_PROJECT) {
    throw new AppError('conflict', `A project can have at most ${MAX_CUSTOM_FIELDS_PER_PROJECT} custom fields. Remove one you no longer use first.`);
  }
}

/** [custom-field-names] Names are unique per project, whatever their case. */
export function requireFreeName(fields: readonly CustomFieldRow[], name: string, exceptId?: string): void {
  const taken = fields.find((f) => f.id !== exceptId && f.name.toLocaleLowerCase() === name.toLocaleLowerCase());
  if (taken) throw new AppError('conflict', `This project already has a field named «${taken.name}»: choose another name`);
}

/** [custom-field-restore] A removed field comes back within CUSTOM_FIELD_RESTORE_DAYS of its removal. */
export function requireRestorable(field: CustomFieldRow | null, now: Date): asserts field is CustomFieldRow & { deleted_at: Date } {
  if (!field) throw new AppError('not_found', CUSTOM_FIELD_NOT_FOUND);
  if (!field.deleted_at) throw new AppError('conflict', `The field «${field.name}» was not removed`);
  if (now.getTime() - field.deleted_at.getTime() > CUSTOM_FIELD_RESTORE_DAYS * 86_400_000) {
    throw new AppError('conflict', `The field «${field.name}» was removed more than ${CUSTOM_FIELD_RESTORE_DAYS} days ago and can no longer be restored`);
  }
}
