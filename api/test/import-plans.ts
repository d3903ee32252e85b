import type { ImportedLink, ImportedPlan, ImportedResource, ImportedTask } from '@planline/domain';

/*
 * Test-only: ImportedPlans as a reader would make them (issue 37), so the import's check, commit and route are
 * tested without a file. The int tests send one as JSON under a file name ending in PLAN_JSON, which their mocked
 * reader parses; any other name goes to the real readers (where the file-based cases are added).
 */

export const PLAN_JSON = '.plan.json';

let rows = 1;

/** A task of the file: row and key from a counter unless given; a working week from Monday 7 December 2026. */
export function importedTask(fields: Partial<ImportedTask> & { name: string }): ImportedTask {
  const row = fields.row ?? ++rows;
  return {
    key: String(row),
    row,
    startDate: '2026-12-07',
    endDate: '2026-12-11',
    kind: 'task',
    parentKey: null,
    progress: 0,
    status: null,
    priority: null,
    description: '',
    assignments: [],
    ...fields,
  };
}

export function importedLink(predecessor: ImportedTask, successor: ImportedTask, fields: Partial<ImportedLink> = {}): ImportedLink {
  return { row: successor.row, predecessorKey: predecessor.key, successorKey: successor.key, type: 'FS', lagDays: 0, ...fields };
}

export function importedResource(key: string, name: string, email: string | null = null): ImportedResource {
  return { key, name, email };
}

export function importedPlan(fields: Partial<ImportedPlan> = {}): ImportedPlan {
  return { format: 'mspdi', tasks: [], links: [], resources: [], calendar: null, baseline: null, columns: null, warnings: [], errors: [], ...fields };
}

/** A chain of `n` one-day tasks, each linked to the one before (the benchmark's shape, smaller). */
export function chainPlan(n: number): ImportedPlan {
  const tasks: ImportedTask[] = [];
  for (let i = 1; i <= n; i++) tasks.push(importedTask({ row: i + 1, key: String(i), name: `Step ${i}`, startDate: '2026-12-07', endDate: '2026-12-07' }));
  return importedPlan({ tasks, links: tasks.slice(1).map((t, i) => importedLink(tasks[i]!, t)) });
}
