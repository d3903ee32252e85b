import { dependenciesMap, tasksMap } from '@planline/document';
import * as Y from 'yjs';
import { nextSlot, nextTask } from '../../../lib/next-slot';
import type { PersonInputWatch } from '../../../lib/person-input';
import { tasksTouchedBy, type PlainDocument } from '../model/tasks-store';

/**
 * The device copy's snapshot of a document (device-copy.ts): its tasks and links as the JSON of a PlainDocument.
 *
 * At 100,000 tasks that JSON is ~39 MB, and making it in one go (toJSON, then JSON.stringify) held the main thread
 * ~1 s, and left ~50 MB of objects and strings behind it in the old generation; profiled, the page's next scroll then
 * took a major collection of its ~400 MB heap, ~20 frames dropped in 300 (none when the write was out of the way).
 * So a written snapshot is made in slots between frames, a few hundred tasks at a time, and kept in a Blob: each
 * slot's text goes into it at once, outside the JavaScript heap, and dies young.
 */

/** While nobody touches the page, slots of this length run back to back (the page paints between two when due). */
const SLOT_MS = 8;
/** While the person scrolls, wheels, presses or types (until this long after the last of it), no slot runs. */
const INPUT_QUIET_MS = 250;
/** Tasks written between two looks at the clock. */
const TASKS_PER_CLOCK_CHECK = 32;

/** One task's member of the `tasks` object (`"id":{…}`), or null when the document has no task by that id. */
function taskMember(tasks: ReturnType<typeof tasksMap>, id: string): string | null {
  const value = tasks.get(id);
  if (value === undefined) return null;
  return `${JSON.stringify(id)}:${JSON.stringify(value instanceof Y.AbstractType ? value.toJSON() : value)}`;
}

const linksJson = (doc: Y.Doc) => JSON.stringify(dependenciesMap(doc).toJSON());

/** The snapshot at once, for a page that is going (pagehide): the same JSON, in one piece. */
export function snapshotNow(doc: Y.Doc): string {
  const plain: PlainDocument = { tasks: tasksMap(doc).toJSON() as PlainDocument['tasks'], dependencies: dependenciesMap(doc).toJSON() };
  return JSON.stringify(plain);
}

/**
 * The snapshot, made in slots; null once `cancelled()` says so. It is the document as it is when the promise
 * settles: a task changed while the slots ran is written again at the end (JSON.parse keeps a name's last value),
 * as `null` when it was deleted (the chart's seed skips a task that is not an object).
 */
export async function snapshotInSlots(doc: Y.Doc, input: PersonInputWatch, cancelled: () => boolean): Promise<Blob | null> {
  const tasks = tasksMap(doc);
  const ids = [...tasks.keys()];
  const changed = new Set<string>();
  const note = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => void tasksTouchedBy(events, changed);
  tasks.observeDeep(note);
  try {
    const parts: BlobPart[] = ['{"tasks":{'];
    let separator = '';
    let next = 0;
    while (next < ids.length) {
      if (performance.now() - input.lastAt() < INPUT_QUIET_MS) await nextSlot();
      else await nextTask();
      if (cancelled()) return null;
      if (performance.now() - input.lastAt() < INPUT_QUIET_MS) continue;
      const until = performance.now() + SLOT_MS;
      let text = '';
      do {
        const end = Math.min(ids.length, next + TASKS_PER_CLOCK_CHECK);
        for (; next < end; next++) {
          const id = ids[next]!;
          // Written at the end, as it is then.
          if (changed.has(id)) continue;
          const member = taskMember(tasks, id);
          if (member === null) continue;
          text += separator + member;
          separator = ',';
        }
      } while (next < ids.length && performance.now() < until);
      parts.push(new Blob([text]));
    }
    let tail = '';
    for (const id of changed) {
      tail += separator + (taskMember(tasks, id) ?? `${JSON.stringify(id)}:null`);
      separator = ',';
    }
    parts.push(`${tail}},"dependencies":${linksJson(doc)}}`);
    return new Blob(parts, { type: 'application/json' });
  } finally {
    tasks.unobserveDeep(note);
  }
}

/** A stored snapshot's text: a string (written at once, or by an earlier version of the app) or a Blob. */
export async function snapshotText(value: unknown): Promise<string | null> {
  if (typeof value === 'string') return value;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value.text();
  return null;
}
