import { displayName, formatDayRange, LEVELLED_REASON_PREFIX, type PaymentRequired, type PublicUser, type Task } from '@planline/domain';
import { paymentRequired, serverMessage } from '../../../lib/api-error';

/** The answer of POST /api/projects/{projectId}/level (issue 36, leveling). */
export interface LevelResult {
  moves: { taskId: string; fromStart: string; toStart: string; fromEnd: string; toEnd: string; reason: string | null }[];
  unresolved: { userId: string; from: string; to: string }[];
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Reads the answer, throwing on a shape the dialog cannot show (an error state rather than a broken list). */
export function parseLevelResult(body: unknown): LevelResult {
  if (!isRecord(body) || !Array.isArray(body.moves) || !Array.isArray(body.unresolved)) throw new Error('The leveling answer could not be read.');
  const moves = body.moves.map((m: unknown) => {
    if (!isRecord(m) || ![m.taskId, m.fromStart, m.toStart, m.fromEnd, m.toEnd].every(isString)) throw new Error('The leveling answer could not be read.');
    return {
      taskId: m.taskId as string,
      fromStart: m.fromStart as string,
      toStart: m.toStart as string,
      fromEnd: m.fromEnd as string,
      toEnd: m.toEnd as string,
      reason: isString(m.reason) ? m.reason : null,
    };
  });
  const unresolved = body.unresolved.map((u: unknown) => {
    if (!isRecord(u) || ![u.userId, u.from, u.to].every(isString)) throw new Error('The leveling answer could not be read.');
    return { userId: u.userId as string, from: u.from as string, to: u.to as string };
  });
  return { moves, unresolved };
}

export interface LevelMoveRow {
  taskId: string;
  taskName: string;
  /** Who it was moved for, from the server's reason ("Ana over-allocated 3-5 Mar"); null when it gave none. */
  forWhom: string | null;
  /** "+3 working days", or the new dates when the task has no working day between (or moved back). */
  shift: string;
}

export interface UnresolvedRow {
  key: string;
  person: string;
  days: string;
}

/** The reason without its history prefix: "Levelled: Ana over-allocated 3-5 Mar" → "Ana over-allocated 3-5 Mar". */
export function reasonText(reason: string | null): string | null {
  if (!reason) return null;
  const text = reason.startsWith(LEVELLED_REASON_PREFIX) ? reason.slice(LEVELLED_REASON_PREFIX.length) : reason;
  return text.trim() || null;
}

/** Working days from `from` to `to` (positive when later): the days after `from` up to and including `to`. */
export function workingDaysLater(from: string, to: string, isWorkingDay: (date: string) => boolean): number {
  if (to <= from) return 0;
  let count = 0;
  const day = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`).getTime();
  while (day.getTime() < end) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (isWorkingDay(day.toISOString().slice(0, 10))) count += 1;
  }
  return count;
}

export function shiftLabel(move: LevelResult['moves'][number], isWorkingDay: (date: string) => boolean): string {
  const days = workingDaysLater(move.fromStart, move.toStart, isWorkingDay);
  if (days > 0) return `+${days} working ${days === 1 ? 'day' : 'days'}`;
  return `To ${formatDayRange(move.toStart, move.toEnd)}`;
}

/** The dialog's list of moves: the task's name from the document, the person from the reason. */
export function levelMoveRows(
  result: LevelResult,
  tasks: ReadonlyMap<string, Pick<Task, 'name'>>,
  isWorkingDay: (date: string) => boolean,
): LevelMoveRow[] {
  return result.moves.map((move) => ({
    taskId: move.taskId,
    taskName: tasks.get(move.taskId)?.name ?? 'A task',
    forWhom: reasonText(move.reason),
    shift: shiftLabel(move, isWorkingDay),
  }));
}

/** What leveling could not resolve, person by person, named from the team members the chart already has. */
export function unresolvedRows(result: LevelResult, people: ReadonlyMap<string, Pick<PublicUser, 'firstName' | 'lastName' | 'email'>>): UnresolvedRow[] {
  return result.unresolved.map((u, i) => {
    const person = people.get(u.userId);
    return { key: `${u.userId}:${u.from}:${i}`, person: person ? displayName(person) : 'A team member', days: formatDayRange(u.from, u.to) };
  });
}

export type LevelPreviewState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'upgrade'; payment: PaymentRequired }
  | { kind: 'nothing' }
  | { kind: 'ready'; moves: LevelMoveRow[]; unresolved: UnresolvedRow[] };

export const LEVEL_PREVIEW_FAILED = 'Could not work out the moves. Please try again.';

/** A failed leveling call as the dialog shows it: the Free plan's 402 is the upgrade prompt, anything else the API's message. */
export function levelFailure(error: unknown, fallback: string): Extract<LevelPreviewState, { kind: 'error' | 'upgrade' }> {
  const payment = paymentRequired(error);
  if (payment) return { kind: 'upgrade', payment };
  return { kind: 'error', message: serverMessage(error) ?? fallback };
}

/** What the dialog shows for a preview: loading, the upgrade, its error, "Nothing to resolve", or the lists. */
export function levelPreviewState(
  preview: { result: LevelResult | undefined; error: unknown },
  tasks: ReadonlyMap<string, Pick<Task, 'name'>>,
  people: ReadonlyMap<string, Pick<PublicUser, 'firstName' | 'lastName' | 'email'>>,
  isWorkingDay: (date: string) => boolean,
): LevelPreviewState {
  if (preview.error) return levelFailure(preview.error, LEVEL_PREVIEW_FAILED);
  if (!preview.result) return { kind: 'loading' };
  if (preview.result.moves.length === 0 && preview.result.unresolved.length === 0) return { kind: 'nothing' };
  return { kind: 'ready', moves: levelMoveRows(preview.result, tasks, isWorkingDay), unresolved: unresolvedRows(preview.result, people) };
}

/** Where each previewed move would put its task: the chart draws these as ghost bars while the dialog is open. */
export type LevelGhosts = ReadonlyMap<string, { startDate: string; endDate: string }>;
export const NO_LEVEL_GHOSTS: LevelGhosts = new Map();

export function levelGhosts(result: LevelResult | undefined): LevelGhosts {
  if (!result || result.moves.length === 0) return NO_LEVEL_GHOSTS;
  return new Map(result.moves.map((m) => [m.taskId, { startDate: m.toStart, endDate: m.toEnd }]));
}

/** The previewed moves as the chart writes them: one edit, each move with its history reason (issue 36). */
export interface LevelWrite {
  moves: ReadonlyMap<string, { startDate: string; endDate: string }>;
  reasons: ReadonlyMap<string, string>;
  /** Tasks left as they are: moved (or deleted) by someone since the preview, whose change stands. */
  skipped: string[];
}

/**
 * [leveling-apply] What Apply writes: each previewed move whose task still has the dates the preview moved it from.
 * The chart writes them as one local edit (connection.writeTasks), so that one undo takes all of it back.
 */
export function levelWrite(result: LevelResult, tasks: ReadonlyMap<string, Pick<Task, 'startDate' | 'endDate'>>): LevelWrite {
  const moves = new Map<string, { startDate: string; endDate: string }>();
  const reasons = new Map<string, string>();
  const skipped: string[] = [];
  for (const move of result.moves) {
    const task = tasks.get(move.taskId);
    if (!task || task.startDate !== move.fromStart || task.endDate !== move.fromEnd) {
      skipped.push(move.taskId);
      continue;
    }
    moves.set(move.taskId, { startDate: move.toStart, endDate: move.toEnd });
    if (move.reason) reasons.set(move.taskId, move.reason);
  }
  return { moves, reasons, skipped };
}

/** The toast once Apply wrote the moves: how many moved, and how many were left because someone moved them first. */
export function levelAppliedMessage(write: Pick<LevelWrite, 'moves' | 'skipped'>): { title: string; description: string } {
  const tasks = (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`;
  const moved = write.moves.size;
  const skipped = write.skipped.length;
  const left = skipped ? ` ${tasks(skipped)} left as ${skipped === 1 ? 'it is' : 'they are'}: changed by someone since the preview.` : '';
  if (!moved) return { title: 'Nothing moved', description: `${left.trim()} Open the dialog again for a new preview.` };
  return { title: 'Over-allocation resolved', description: `${tasks(moved)} moved.${left} Undo takes the moves back.` };
}
