import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hocuspocus } from '@hocuspocus/server';
import { isDatabaseUnavailable } from '@planline/db';
import { CloseCode, COLLAB_PATH, HandshakeError, UNAVAILABLE_RETRY_AFTER_SECONDS, MAX_MESSAGE_BYTES, parseProjectDocumentName, SOCKET_IO_PATH } from '@planline/domain';
import { WebSocketServer, type WebSocket } from 'ws';
import { CollabLiveness } from './collab-liveness.js';
import { CollabSocket } from './collab-socket.js';
import { documentOpened, documentRefused, guardConnection } from './connection-guard.js';
import { assertComparedYjs } from './documents/held-back.js';
import { answerSyncRequest, askForSyncAnswer } from './documents/shared-full-state.js';
import type { RealtimeOptions } from './types.js';
import type { WorkloadPreviews } from './workload-preview.js';
import type { WriteBudgets } from './write-budgets.js';

interface CollabContext {
  userId: string;
  sessionKey: string;
}

function refuse(socket: Duplex, status: number, reason: string, headers = '') {
  socket.write(`HTTP/1.1 ${status} ${reason}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * The project documents (Hocuspocus 3, one Yjs document per project), loaded from and persisted by the
 * store. Every process that edits documents has one: realtime processes serve it to browsers at /collab, the
 * api process only opens direct connections for its own edits.
 */
export function createDocumentServer(options: RealtimeOptions, keepLoaded: (projectId: string) => Promise<void>): Hocuspocus {
  // What a document holds back is read as the pinned Yjs keeps it (documents/held-back.ts): no start on another.
  assertComparedYjs();
  return new Hocuspocus({
    quiet: true,
    // A sync step 1, turned by CollabSocket's askForSyncAnswer into a request of ours, is answered here (shared-full-state.ts).
    async onStateless(payload) {
      answerSyncRequest(payload);
    },
    // Hocuspocus's ping check closes every connection whose pong the event loop has not read in time, so one stall
    // dropped everyone; CollabLiveness (collab-liveness.ts) decides instead. Its check stays, beyond reach (the
    // largest interval a timer takes, ~24 days); the pongs of our pings keep it content.
    timeout: 2 ** 31 - 1,
    // Persistence is ours and runs on every transaction (ProjectDocumentStore), so Hocuspocus's debounced
    // store hook stays unused; loading and unloading hand the document to the store.
    async onLoadDocument({ documentName, document }) {
      const projectId = parseProjectDocumentName(documentName);
      if (!projectId) throw new Error('not a project document');
      await options.store.load(projectId, document);
    },
    // Runs before Hocuspocus decides to unload a document its last browser left; the hold stops that.
    async onDisconnect({ documentName, document }) {
      const projectId = parseProjectDocumentName(documentName);
      if (projectId && document.getConnectionsCount() === 0) await keepLoaded(projectId);
    },
    async beforeUnloadDocument({ document }) {
      await options.store.release(document);
    },
    async onConnect({ documentName, context, connectionConfig, request }) {
      const { userId } = context as CollabContext;
      const projectId = parseProjectDocumentName(documentName);
      let access: Awaited<ReturnType<typeof options.documentAccess>> | null = null;
      try {
        access = projectId ? await options.documentAccess(userId, projectId) : null;
      } catch (err) {
        // The database went away after the upgrade: not a refusal. The browser is told to come back shortly.
        if (isDatabaseUnavailable(err)) throw { reason: HandshakeError.Unavailable };
        throw err;
      }
      // A refusal is an answer, not a failure: Hocuspocus prints a thrown value to stderr only when it has a
      // `message`, and sends `reason` to the provider as permission-denied. Real failures still throw Errors.
      if (!access) {
        documentRefused(request, documentName);
        throw { reason: 'forbidden' };
      }
      connectionConfig.readOnly = access === 'read';
    },
    // The document is open on the connection now (its queued messages were handed over before this); what the
    // guard lets reach the workload previews follows it (connection-guard.ts).
    async connected({ documentName, request, connection }) {
      documentOpened(request, documentName, (closed) => connection.onClose(closed));
    },
  });
}

/** Messages smaller than this are sent uncompressed: deflating them costs more than it saves. */
const COMPRESS_FROM_BYTES = 4096;

/**
 * Serves the documents at /collab. The upgrade is refused before any WebSocket exists unless the Origin is
 * allowed and the session cookie is live; each document is then opened only for users with access to its
 * project, read-only where that is all they have.
 */
export function serveCollab(httpServer: HttpServer, hocuspocus: Hocuspocus, options: RealtimeOptions, budgets: WriteBudgets, previews?: WorkloadPreviews) {
  const liveness = new CollabLiveness(options.logger, options.collabPingIntervalMs);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    // A project's first sync is the whole document (3.7 MB at 10,000 tasks, mostly repeated field names): deflated
    // it is a fraction of that on the wire (issue 18). Small messages (edits, awareness) go as they are; the fastest
    // level keeps the server's cost low, and no context is kept between messages, so an idle connection holds no
    // compression memory. ws checks maxPayload on the inflated size.
    perMessageDeflate: {
      threshold: COMPRESS_FROM_BYTES,
      zlibDeflateOptions: { level: 1 },
      serverNoContextTakeover: true,
      clientNoContextTakeover: true,
    },
  });

  /** The open /collab sockets of each session, so that signing out closes them. */
  const sessionSockets = new Map<string, Set<WebSocket>>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path.startsWith(SOCKET_IO_PATH)) return; // Socket.IO's own
    if (path !== COLLAB_PATH && path !== `${COLLAB_PATH}/`) return refuse(socket, 404, 'Not Found');
    if (!options.isAllowedOrigin(req)) return refuse(socket, 403, 'Forbidden');
    // Many connections being let in already (a reconnect wave): this one tries again shortly, as for a database away.
    if (liveness.handshakesFull) return refuse(socket, 503, 'Service Unavailable', `Retry-After: ${UNAVAILABLE_RETRY_AFTER_SECONDS}\r\n`);
    const admitted = liveness.admitting();
    const identify = async () => {
      const identity = await options.authenticate(req);
      return identity ? { ...identity, name: await options.presenceName(identity.userId) } : null;
    };
    identify().then(
      (who) => {
        admitted();
        if (!who) return refuse(socket, 401, 'Unauthorized');
        // The event loop runs late: told (the web says the server is busy), before any work is done for it.
        if (liveness.busy) return wss.handleUpgrade(req, socket, head, (ws) => CollabLiveness.refuseBusy(ws));
        wss.handleUpgrade(req, socket, head, (ws) => {
          // Hocuspocus hears the browser through the guard, then asks for its sync answers our way (shared-full-state.ts).
          const collabSocket = new CollabSocket(ws, [guardConnection(ws, req, options.logger, who, budgets, previews?.connection(who.userId)), askForSyncAnswer]);
          liveness.watch(ws);
          let sockets = sessionSockets.get(who.sessionKey);
          if (!sockets) sessionSockets.set(who.sessionKey, (sockets = new Set()));
          sockets.add(ws);
          ws.once('close', () => {
            sockets.delete(ws);
            if (!sockets.size) sessionSockets.delete(who.sessionKey);
          });
          hocuspocus.handleConnection(collabSocket.forHocuspocus(), req, { userId: who.userId, sessionKey: who.sessionKey } satisfies CollabContext);
        });
      },
      (err: unknown) => {
        admitted();
        options.logger.error({ err }, 'collab handshake failed');
        // The provider reconnects by itself; with the database away, that is the right thing to ask for.
        if (isDatabaseUnavailable(err)) refuse(socket, 503, 'Service Unavailable', `Retry-After: ${UNAVAILABLE_RETRY_AFTER_SECONDS}\r\n`);
        else refuse(socket, 500, 'Internal Server Error');
      },
    );
  };
  httpServer.on('upgrade', onUpgrade);

  return {
    /** Closes every /collab connection of a session on this process (it ended: signed out). */
    closeSession(sessionKey: string) {
      for (const ws of sessionSockets.get(sessionKey) ?? []) ws.close(CloseCode.Unauthorized, 'signed out');
    },
    async close() {
      httpServer.off('upgrade', onUpgrade);
      liveness.stop();
      hocuspocus.closeConnections();
      wss.close();
    },
  };
}
