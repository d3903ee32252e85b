import { customFieldIdOf, isBuiltInGridColumn, type BuiltInGridColumnId, type CustomField, type GridColumnId } from '@planline/domain';

const TITLES: Record<BuiltInGridColumnId, string> = {
  name: 'Task',
  wbs: 'WBS',
  start: 'Start',
  finish: 'Finish',
  duration: 'Duration',
  predecessors: 'Predecessors',
  assignee: 'Assignees',
  status: 'Status',
  priority: 'Priority',
  progress: 'Progress',
  slack: 'Total slack',
  variance: 'Variance',
};

export const builtInColumnTitle = (id: BuiltInGridColumnId) => TITLES[id];

/** A column's title: a built-in's name, a custom field's own name ("Field" for one the project no longer has). */
export function columnTitle(id: GridColumnId, fields: readonly CustomField[]): string {
  if (isBuiltInGridColumn(id)) return TITLES[id];
  const fieldId = customFieldIdOf(id);
  return fields.find((f) => f.id.toLowerCase() === fieldId)?.name ?? 'Field';
}
