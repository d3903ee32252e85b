import { COLLAB_PATH } from '@planline/domain';
import { deviceDocumentsAvailable } from '../../../lib/device-documents';
import type { ActivityKind } from '../model/presence';
import type { ConnectionState } from './connection-types';

/** What the chart and the document host (document-host.ts) both need, without the document's code. */

/**
 * Closes of the socket without a sync after which the chart says it cannot connect (it keeps trying), or, shown
 * from this device's copy, re-reads the session.
 */
export const FAILED_ATTEMPTS_BEFORE_ERROR = 3;

/** Activities of someone holding a bar with the pointer: while one lasts, nobody else may drag that bar. */
export const HOLDING_KINDS: ReadonlySet<ActivityKind> = new Set(['dragging', 'resizing', 'progress']);

/** The page's /collab address (a worker is told it: it has no window.location of its own). */
export function collabUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${COLLAB_PATH}`;
}

/** A connection's state as it opens, wherever its document lives. */
export function openingState(): ConnectionState {
  return { status: 'connecting', online: false, failedAttempts: 0, kept: deviceDocumentsAvailable(), readOnly: false, canUndo: false, canRedo: false };
}
