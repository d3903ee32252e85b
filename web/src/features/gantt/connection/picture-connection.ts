import * as Y from 'yjs';
import { createStore } from 'zustand/vanilla';
import type { PresenceSnapshot } from '../model/presence';
import { createTasksStore, type PlainDocument, type TasksState } from '../model/tasks-store';
import type { ConnectionState, ProjectConnection } from './connection-types';

const nothing = () => {};

/**
 * The chart's state of `plain` (the project's task list) as a first visit's chart shows it before its document
 * has come: its rows in order, summaries rolled up. The whole list is read (~0.15 s at 100,000 tasks), though a
 * picture shows a few dozen rows of it.
 */
export function pictureState(plain: PlainDocument): TasksState {
  const seeded = createTasksStore(new Y.Doc());
  seeded.seed(plain);
  const shown = seeded.store.getState();
  seeded.dispose();
  return shown;
}

/**
 * A connection that only shows `shown` (pictureState), as a first visit's chart shows it before its document has
 * come ('preview'), to a person who may edit it or (`readOnly`) only read it: what the server renders the first
 * screen with. It has no socket and takes no
 * edit; a picture has no handlers that would ask it for one.
 */
export function pictureConnection(projectId: string, userId: string, shown: TasksState, readOnly = false): ProjectConnection {
  return {
    projectId,
    userId,
    // A store that starts as the seeded one: rendered on the server, components read a store's initial state.
    tasks: createStore<TasksState>(() => shown),
    presence: createStore<PresenceSnapshot>(() => ({ viewers: [], activities: new Map(), linkDrafts: [] })),
    state: createStore<ConnectionState>(() => ({
      status: 'preview',
      online: false,
      failedAttempts: 0,
      // As in a browser that keeps documents (deviceDocumentsAvailable): the server cannot ask.
      kept: true,
      readOnly,
      canUndo: false,
      canRedo: false,
    })),
    crossedDrops: createStore(() => null),
    setUser: nothing,
    setActivity: nothing,
    writeTask: nothing,
    writeTasks: nothing,
    writeLink: nothing,
    removeLink: nothing,
    writeEdit: nothing,
    shiftTasks: nothing,
    pushedBy: async () => undefined,
    setCollapsed: nothing,
    undo: nothing,
    redo: nothing,
    hasTask: (taskId) => shown.tasks.has(taskId),
    restoreChanges: async () => ({ back: 0, removed: 0, changed: 0 }),
  };
}
