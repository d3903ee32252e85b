import { TASK_NAME_MAX_LENGTH } from '@planline/domain';

/** Most tasks one paste may create: a whole sheet pasted by mistake is refused, not turned into a plan. */
export const MAX_PASTED_TASKS = 50;

export type PastedNames =
  /** Plain text: let the field paste it. */
  | { kind: 'text' }
  /** One row (cells split by tabs): its name goes into the field. */
  | { kind: 'one'; name: string }
  /** Several rows: one task each, after the person confirms. */
  | { kind: 'many'; names: string[] }
  | { kind: 'too-many'; count: number };

/**
 * [paste-rows] What pasting `text` into a task's name means. Spreadsheet rows arrive as lines of tab-separated
 * cells; a name is one line (domain `requiredName`), so each row is a task named by its first non-blank cell,
 * trimmed (the other cells, dates or owners say nothing the form can trust). Blank rows are skipped; a name past
 * the limit is kept whole so the form says it is too long.
 */
export function pastedNames(text: string): PastedNames {
  if (!/[\t\r\n]/.test(text)) return { kind: 'text' };
  const names = text
    .split(/\r\n|\r|\n/)
    .map((row) => row.split('\t').map((cell) => cell.trim()).find((cell) => cell !== '') ?? '')
    .filter((name) => name !== '');
  if (names.length === 0) return { kind: 'one', name: '' };
  if (names.length === 1) return { kind: 'one', name: names[0]! };
  if (names.length > MAX_PASTED_TASKS) return { kind: 'too-many', count: names.length };
  return { kind: 'many', names };
}

/** Whether every pasted name fits (the server would refuse the rest one by one). */
export function namesFit(names: readonly string[]): boolean {
  return names.every((name) => [...name].length <= TASK_NAME_MAX_LENGTH);
}
