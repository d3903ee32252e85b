import type { CustomFieldType, CustomValue } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** A project_custom_fields row as the queries read it. */
export interface CustomFieldRow {
  id: string;
  project_id: string;
  name: string;
  type: CustomFieldType;
  options: string[];
  position: number;
  created_at: Date;
  deleted_at: Date | null;
  removed_values: Record<string, CustomValue> | null;
}

const COLUMNS = `id, project_id, name, type, options, position, created_at, deleted_at, removed_values`;

/** The project's fields in column order. */
export async function activeFields(sql: Sql, projectId: string): Promise<CustomFieldRow[]> {
  return sql.query(`SELECT ${COLUMNS} FROM project_custom_fields WHERE project_id = $1 AND deleted_at IS NULL ORDER BY position, created_at, id`, [
    projectId,
  ]);
}

/** One field of the project, removed or not (null when it never was one of its). */
export async function findField(sql: Sql, projectId: string, fieldId: string): Promise<CustomFieldRow | null> {
  const rows: CustomFieldRow[] = await sql.query(`SELECT ${COLUMNS} FROM project_custom_fields WHERE project_id = $1 AND id = $2`, [projectId, fieldId]);
  return rows[0] ?? null;
}

export async function insertField(
  sql: Sql,
  field: { id: string; projectId: string; name: string; type: CustomFieldType; options: string[]; position: number; createdBy: string },
): Promise<void> {
  await sql.query(
    `INSERT INTO project_custom_fields (id, project_id, name, type, options, position, created_by) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [field.id, field.projectId, field.name, field.type, JSON.stringify(field.options), field.position, field.createdBy],
  );
}

export async function updateField(sql: Sql, fieldId: string, changes: { name: string; options: string[] }): Promise<void> {
  await sql.query(`UPDATE project_custom_fields SET name = $2, options = $3::jsonb WHERE id = $1`, [fieldId, changes.name, JSON.stringify(changes.options)]);
}

/** Gives the fields these positions (ids in column order, from 0). */
export async function setPositions(sql: Sql, orderedIds: readonly string[]): Promise<void> {
  if (!orderedIds.length) return;
  await sql.query(
    `UPDATE project_custom_fields f SET position = v.position FROM unnest($1::uuid[], $2::int[]) AS v(id, position) WHERE f.id = v.id`,
    [orderedIds, orderedIds.map((_, i) => i)],
  );
}

/** Marks the field removed, keeping the values it takes from tasks (task id → value) for a restore. */
export async function markRemoved(sql: Sql, fieldId: string, removedValues: Record<string, CustomValue>): Promise<void> {
  await sql.query(`UPDATE project_custom_fields SET deleted_at = now(), removed_values = $2::jsonb WHERE id = $1`, [fieldId, JSON.stringify(removedValues)]);
}

/** Adds values the removal took after the first were kept (a value set meanwhile). */
export async function addRemovedValues(sql: Sql, fieldId: string, more: Record<string, CustomValue>): Promise<void> {
  await sql.query(`UPDATE project_custom_fields SET removed_values = COALESCE(removed_values, '{}'::jsonb) || $2::jsonb WHERE id = $1`, [
    fieldId,
    JSON.stringify(more),
  ]);
}

/** Brings a removed field back at `position`; its kept values are the caller's to put back. */
export async function markRestored(sql: Sql, fieldId: string, position: number): Promise<void> {
  await sql.query(`UPDATE project_custom_fields SET deleted_at = NULL, removed_values = NULL, position = $2 WHERE id = $1`, [fieldId, position]);
}
