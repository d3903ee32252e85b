import { dependenciesMap, tasksMap } from '@planline/document';
import * as Y from 'yjs';
import { createStore } from 'zustand/vanilla';
import type { PresenceSnapshot } from '../model/presence';
import { createTasksStore, type PlainDocument, type TasksState } from '../model/tasks-store';
import type { ConnectionState, ProjectConnection } from './connection-types';

const nothing = () => {};

/**
 * A connection that only shows `plain` (the project's task list), as a first visit's chart shows it before its
 * document has come ('preview': read-only): what the server renders the first screen with. It has no socket and
 * takes no edit; a picture has no handlers that would ask it for one.
 */
export function pictureConnection(projectId: string, userId: string, plain: PlainDocument): ProjectConnection {
  const doc = new Y.Doc();
  const seeded = createTasksStore(doc);
  seeded.seed(plain);
  // A store that starts as the seeded one: rendered on the server, components read a store's initial state.
  const shown = seeded.store.getState();
  seeded.dispose();
  return {
    projectId,
    userId,
    doc,
    undoManager: new Y.UndoManager([tasksMap(doc), dependenciesMap(doc)]),
    tasks: createStore<TasksState>(() => shown),
    presence: createStore<PresenceSnapshot>(() => ({ viewers: [], activities: new Map(), linkDrafts: [] })),
    state: createStore<ConnectionState>(() => ({
      status: 'preview',
      online: false,
      failedAttempts: 0,
      // As in a browser that keeps documents (deviceDocumentsAvailable): the server cannot ask.
      kept: true,
      readOnly: false,
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
  };
}
