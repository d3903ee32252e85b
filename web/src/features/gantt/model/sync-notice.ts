import { SERVER_BUSY_MESSAGE, TOO_MANY_CHANGES_MESSAGE } from '@planline/domain';
import type { ConnectionState } from '../connection/project-connection';

/**
 * What the chart's status line says about the document's link to the server, or null while there is nothing to
 * say (synced and online, or the chart is not shown yet).
 */
export function syncNotice(state: Pick<ConnectionState, 'status' | 'online' | 'failedAttempts' | 'kept' | 'tooManyChanges' | 'serverBusy'>): string | null {
  if (state.tooManyChanges) return TOO_MANY_CHANGES_MESSAGE;
  if (state.serverBusy) return SERVER_BUSY_MESSAGE;
  const offline = state.kept ? 'Offline — changes are saved on this device' : 'Reconnecting… your changes will sync';
  // Shown from this device's copy: the first attempt is still going, or it failed and the copy is all there is.
  if (state.status === 'preview' || state.status === 'local') return state.failedAttempts > 0 ? offline : 'Syncing…';
  if (state.status === 'synced' && !state.online) return offline;
  return null;
}
