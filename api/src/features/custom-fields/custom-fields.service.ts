import { randomUUID } from 'node:crypto';
import { rooms, type CreateCustomFieldInput, type CustomField, type CustomValue, type UpdateCustomFieldInput } from '@planline/domain';
import { serverEdit, type ProjectDocuments, type RealtimeBus } from '@planline/realtime';
import type { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../errors.js';
import { PROJECT_NOT_FOUND, requireProjectAccess } from '../access/access.policy.js';
import { lockProjectRow } from '../baselines/baselines.queries.js';
import { clearValues, putValuesBack, valuesOfField } from './custom-fields.document.js';
import { CUSTOM_FIELD_NOT_FOUND, requireCustomFieldEditor, requireFreeName, requireRestorable, requireRoomForField } from './custom-fields.policy.js';
import { presentCustomField } from './custom-fields.presenter.js';
import {
  activeFields,
  addRemovedValues,
  findField,
  insertField,
  markRemoved,
  markRestored,
  setPositions,
  updateField,
  type CustomFieldRow,
} from './custom-fields.queries.js';

/** History reasons of the server edits a field's changes make (one step each in every task's history). */
export const fieldRemovedReason = (name: string) => `Field «${name}» removed`;
export const fieldRestoredReason = (name: string) => `Field «${name}» restored`;
export const optionsRemovedReason = (name: string, options: readonly string[]) => `Field «${name}»: option${options.length > 1 ? 's' : ''} ${options.map((o) => `«${o}»`).join(', ')} removed`;

/**
 * [custom-fields] A project's own columns (issue 39). Definitions are rows (project_custom_fields), changed under the
 * project row's lock so the limit and unique names hold under concurrent requests; values live in the document
 * (each task's `custom`), so whatever a field's change does to values (its removal, an option removed, a restore)
 * is one server edit of the document: one transaction, in the history, undoable like any edit.
 */
export class CustomFieldsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly documents: ProjectDocuments,
    private readonly bus: RealtimeBus,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(userId: string, projectId: string): Promise<CustomField[]> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    return (await activeFields(this.dataSource, projectId)).map(presentCustomField);
  }

  async create(userId: string, projectId: string, input: CreateCustomFieldInput): Promise<CustomField> {
    const id = randomUUID();
    await this.locked(userId, projectId, async (m, fields) => {
      requireRoomForField(fields.length);
      requireFreeName(fields, input.name);
      await insertField(m, { id, projectId, name: input.name, type: input.type, options: input.options ?? [], position: fields.length, createdBy: userId });
    });
    return this.saved(projectId, id);
  }

  /** Renames, moves, or changes a choice field's options; values of options removed are cleared from tasks. */
  async update(userId: string, projectId: string, fieldId: string, input: UpdateCustomFieldInput): Promise<CustomField> {
    const before = await this.locked(userId, projectId, async (m, fields) => {
      const field = fields.find((f) => f.id === fieldId);
      if (!field) throw new AppError('not_found', CUSTOM_FIELD_NOT_FOUND);
      if (input.name !== undefined) requireFreeName(fields, input.name, fieldId);
      if (input.options !== undefined && field.type !== 'choice') throw invalid('options', 'Only a choice field has options');
      if (input.options !== undefined && !input.options.length) throw invalid('options', 'A choice field needs at least one option');
      await updateField(m, fieldId, { name: input.name ?? field.name, options: input.options ?? field.options });
      if (input.position !== undefined) {
        const others = fields.filter((f) => f.id !== fieldId).map((f) => f.id);
        others.splice(Math.min(input.position, others.length), 0, fieldId);
        await setPositions(m, others);
      }
      return field;
    });
    // Committed first: from now on the store refuses a removed option, and the edit clears what tasks held.
    const removed = input.options ? before.options.filter((o) => !input.options!.includes(o)) : [];
    if (removed.length) {
      const name = input.name ?? before.name;
      await this.documents.edit(projectId, serverEdit(userId, optionsRemovedReason(name, removed)), (doc) =>
        clearValues(doc, fieldId, (v) => typeof v === 'string' && removed.includes(v)),
      );
    }
    return this.saved(projectId, fieldId);
  }

  /**
   * Removes the field and takes its values out of every task in one server edit ("Field «Cost» removed"). The values
   * are kept with the field first (removed_values), so a failed edit loses nothing and a restore brings them back.
   */
  async remove(userId: string, projectId: string, fieldId: string): Promise<void> {
    await requireCustomFieldEditor(this.dataSource, userId, projectId);
    const values = await this.documents.read(projectId, (doc) => valuesOfField(doc, fieldId));
    const field = await this.locked(userId, projectId, async (m, fields) => {
      const field = fields.find((f) => f.id === fieldId);
      if (!field) throw new AppError('not_found', CUSTOM_FIELD_NOT_FOUND);
      await markRemoved(m, fieldId, values);
      return field;
    });
    // The store refuses the field's values from the commit on; one set between the read and it is kept too.
    const taken = await this.documents.edit(projectId, serverEdit(userId, fieldRemovedReason(field.name)), (doc) => clearValues(doc, fieldId));
    const more = Object.fromEntries(Object.entries(taken).filter(([taskId, v]) => values[taskId] !== v));
    if (Object.keys(more).length) await addRemovedValues(this.dataSource, fieldId, more);
    this.bus.emit(rooms.project(projectId), 'customField:deleted', { projectId, fieldId });
  }

  /**
   * [custom-field-restore] Brings a removed field back (last column) with the values it took, on tasks that still
   * exist and have not been given a value of it since, in one server edit ("Field «Cost» restored").
   */
  async restore(userId: string, projectId: string, fieldId: string): Promise<CustomField> {
    const field = await this.locked(userId, projectId, async (m, fields) => {
      const field = await findField(m, projectId, fieldId);
      requireRestorable(field, this.now());
      requireRoomForField(fields.length);
      requireFreeName(fields, field.name);
      await markRestored(m, fieldId, fields.length);
      return field;
    });
    const kept: Record<string, CustomValue> = field.removed_values ?? {};
    if (Object.keys(kept).length) {
      await this.documents.edit(projectId, serverEdit(userId, fieldRestoredReason(field.name)), (doc) => putValuesBack(doc, fieldId, kept));
    }
    return this.saved(projectId, fieldId);
  }

  /** Runs `act` in a transaction holding the project row's lock, with the project's fields as they are then. */
  private async locked<T>(userId: string, projectId: string, act: (m: EntityManager, fields: CustomFieldRow[]) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (m) => {
      await requireCustomFieldEditor(m, userId, projectId);
      if (!(await lockProjectRow(m, projectId))) throw new AppError('not_found', PROJECT_NOT_FOUND);
      return act(m, await activeFields(m, projectId));
    });
  }

  /** The field as stored now, told to the project's room. */
  private async saved(projectId: string, fieldId: string): Promise<CustomField> {
    const row = await findField(this.dataSource, projectId, fieldId);
    if (!row || row.deleted_at) throw new AppError('conflict', 'The field was removed while it was being saved');
    const field = presentCustomField(row);
    this.bus.emit(rooms.project(projectId), 'customField:saved', { projectId, field });
    return field;
  }
}

const invalid = (path: string, message: string) => new AppError('validation_failed', message, { issues: [{ path, message }] });
