import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeTask } from '../../../../test/factories';
import type { CustomField } from '@planline/domain';
import type { TimelineTask } from '../model/timeline-task';
import { TaskEditForm } from './task-edit-form';
import type { Person } from './timeline-context';

const ANA = '7d0c6f5e-64a8-4c5b-9a43-2f5f0c1d8e11';
const CY = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const GONE = '2b1e4c3a-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
const people: Person[] = [
  { id: ANA, firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
  { id: CY, firstName: 'Cy', lastName: 'Young', email: 'cy@example.com' },
];
// The API's task shape carries every field the chart's task has (and a few it ignores).
const task: TimelineTask = {
  ...makeTask({ name: 'Weld', assigneeId: ANA, assigneeIds: [GONE, ANA, CY], allocations: { [ANA]: 50, [CY]: 150 } }),
  subtasks: 0,
};

const render = (t: TimelineTask) =>
  renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <TaskEditForm task={t} people={people} readOnly={false} onDelete={() => {}} onCancel={() => {}} onSaved={() => {}} />
    </QueryClientProvider>,
  );

/**
 * The form field a label names, as rendered: the name react-hook-form registered it under (the values are put in
 * by react-hook-form once mounted; what each opens at is task-edit-values.test.ts's).
 */
function fieldName(html: string, label: string): string | null {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label.replace(/[()%]/g, '\\$&')}</label>`).exec(html)?.[1];
  if (!id) return null;
  const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  return /type="number" min="1" max="200" step="1"/.test(input) ? (/name="([^"]+)"/.exec(input)?.[1] ?? null) : null;
}

describe('[allocation] Edit Task: a share for every assignee', () => {
  it('shows the assignee’s share and one whole-percent field per other assignee, each named by its person', () => {
    const html = render(task);
    expect(fieldName(html, 'Allocation (%)')).toBe('allocation');
    // The other assignees in the task's order, the primary one left out: a name for a former member too.
    expect(fieldName(html, 'Allocation of a former member (%)')).toBe('otherAllocations.0.allocation');
    expect(fieldName(html, 'Allocation of Cy Young (%)')).toBe('otherAllocations.1.allocation');
    expect(fieldName(html, 'Allocation of Ana Silva (%)')).toBeNull();
  });

  it('a task with one assignee has the one field; nobody assigned, none', () => {
    const one = render({ ...task, assigneeIds: [ANA] });
    expect(fieldName(one, 'Allocation (%)')).toBe('allocation');
    expect(one).not.toContain('Allocation of');
    expect(render({ ...task, assigneeId: null, assigneeIds: [] })).not.toContain('Allocation');
  });
});

describe('[custom-values] Edit Task: a Fields section with an input that fits each custom field', () => {
  const PROJECT = '00000000-0000-4000-8000-000000000000';
  const field = (id: string, name: string, type: CustomField['type'], options: string[] = []): CustomField => ({
    id,
    projectId: PROJECT,
    name,
    type,
    options,
    position: 0,
    createdAt: '2026-11-29T10:00:00.000Z',
  });
  const fields = [
    field('00000000-0000-4000-8000-0000000000c1', 'Cost', 'number'),
    field('00000000-0000-4000-8000-0000000000c2', 'Due', 'date'),
    field('00000000-0000-4000-8000-0000000000c3', 'Phase', 'choice', ['Design', 'Build']),
    field('00000000-0000-4000-8000-0000000000c4', 'Signed', 'checkbox'),
  ];
  const withFields = (t: TimelineTask) =>
    renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <TaskEditForm task={t} people={people} readOnly={false} customFields={fields} onDelete={() => {}} onCancel={() => {}} onSaved={() => {}} />
      </QueryClientProvider>,
    );
  const inputOf = (html: string, id: string) => new RegExp(`<(input|select)[^>]*id="task-edit-custom-${id}"[^>]*>`).exec(html)?.[0] ?? '';

  it('shows each field with its value: a number, a date, the choice’s options, a checkbox', () => {
    const html = withFields({ ...task, custom: { [fields[0]!.id]: 12.5, [fields[2]!.id]: 'Build', [fields[3]!.id]: true } });
    expect(html).toContain('>Fields</legend>');
    expect(inputOf(html, fields[0]!.id)).toMatch(/type="number"/);
    expect(inputOf(html, fields[0]!.id)).toMatch(/value="12.5"/);
    expect(inputOf(html, fields[1]!.id)).toMatch(/type="date"/);
    expect(html).toMatch(/<option value="Build" selected="">Build<\/option>/);
    expect(inputOf(html, fields[3]!.id)).toMatch(/checked=""/);
  });

  it('a project without custom fields has no Fields section', () => {
    expect(render(task)).not.toContain('>Fields</legend>');
  });
});
