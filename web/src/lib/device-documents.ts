import { forgetWorkspaceSelection } from './early-task-list';
import { forgetFirstScreen } from './first-screen';

/**
 * The project documents this browser keeps in IndexedDB (issue 18: a return visit paints from them, edits made
 * offline survive a reload). One database per signed-in person and project, so two people using one browser
 * never read each other's copy; sign-out, a 401 and a refused document delete them. This module knows only the
 * names: it loads no Yjs, so signing out does not fetch the document's code. The picture of the chart a return
 * visit paints first (first-screen.ts) goes with them.
 */

const PREFIX = 'planline-document';

/** The database of `userId`'s copy of a project's document. Ids are uuids, so the name cannot be ambiguous. */
export function deviceDocumentName(userId: string, projectId: string): string {
  return `${PREFIX}:${userId}:${projectId}`;
}

/** The person and project a database name belongs to, or null when it is not one of ours. */
export function parseDeviceDocumentName(name: string): { userId: string; projectId: string } | null {
  const [prefix, userId, projectId, ...rest] = name.split(':');
  if (prefix !== PREFIX || !userId || !projectId || rest.length > 0) return null;
  return { userId, projectId };
}

/**
 * Names this page opened, for browsers without indexedDB.databases() (Firefox before 126): kept in localStorage
 * so a later page can still delete them.
 */
const OPENED_KEY = 'planline.deviceDocuments';

function readOpened(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OPENED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

function writeOpened(names: readonly string[]): void {
  try {
    if (names.length === 0) localStorage.removeItem(OPENED_KEY);
    else localStorage.setItem(OPENED_KEY, JSON.stringify(names));
  } catch {
    // Storage refused (private mode, quota): indexedDB.databases() still finds the databases where it exists.
  }
}

/**
 * Records that this browser now holds the database `name` (call before opening it). Returns whether it was
 * recorded already: when not, this browser has no copy of it to read (a first visit need not wait for IndexedDB,
 * ~0.1 s to create a database, to say so).
 */
export function noteDeviceDocument(name: string): boolean {
  const opened = readOpened();
  if (opened.includes(name)) return true;
  writeOpened([...opened, name]);
  return false;
}

export function deviceDocumentsAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

async function storedNames(): Promise<string[]> {
  const names = new Set(readOpened());
  if (typeof indexedDB.databases === 'function') {
    try {
      for (const info of await indexedDB.databases()) if (info.name && parseDeviceDocumentName(info.name)) names.add(info.name);
    } catch {
      // Listing failed: the recorded names are what we can delete.
    }
  }
  return [...names];
}

/**
 * Deletes a database. An open connection to it (this page's live document, another tab's) is asked to close
 * (y-indexeddb closes on `versionchange`), so the deletion does not wait for it to be released.
 */
function deleteDatabase(name: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    // A failed deletion is not something the person can act on; the name stays recorded for the next attempt.
    request.onerror = () => resolve();
  }).then(() => writeOpened(readOpened().filter((n) => n !== name)));
}

/**
 * Deletes the documents this browser keeps: all of them (sign-out, a 401), or all but `keepUserId`'s (someone
 * signed in: copies left by a person whose session ended without a sign-out go).
 */
export async function forgetDeviceDocuments(options: { keepUserId?: string } = {}): Promise<void> {
  const { keepUserId } = options;
  forgetFirstScreen({ keepUserId });
  // Which project this browser showed is the person's too (it is not kept by person: only a full forget can go).
  if (keepUserId === undefined) forgetWorkspaceSelection();
  if (!deviceDocumentsAvailable()) return;
  const names = (await storedNames()).filter((name) => !keepUserId || parseDeviceDocumentName(name)?.userId !== keepUserId);
  await Promise.all(names.map(deleteDatabase));
}

/** Deletes `userId`'s copy of one project (its document was refused: access was lost). */
export async function forgetDeviceDocument(userId: string, projectId: string): Promise<void> {
  forgetFirstScreen({ projectId });
  if (!deviceDocumentsAvailable()) return;
  await deleteDatabase(deviceDocumentName(userId, projectId));
}
