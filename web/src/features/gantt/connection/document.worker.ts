import type { HostPort } from './document-protocol';
import { serveDocument } from './document-serve';

/**
 * [document-host] A project's live document in a worker of its own: the Yjs document (~300 MB at 100,000 tasks),
 * its socket, this device's copy and undo live here, so the page's heap holds the chart's plain tasks only and its
 * collections stay short while the person scrolls (issue 18). One document per worker.
 */
serveDocument(self as unknown as HostPort);
