import { holdEarlyTaskList } from '../../../lib/early-task-list';
import { notePersonInput } from '../../../lib/person-input';
import { openConnection } from './document-host';
import { ASKS, CALLS, type FromHost, type ToHost } from './document-protocol';
import { relayedSockets } from './relayed-socket';
import { diffTasksState, splitTasksPatch, wholeTasksState, type TasksPatch } from './tasks-patch';

/** Tasks per message of a big patch: ~5 ms for the page to read one at 100,000 tasks. */
const TASKS_PER_MESSAGE = 5000;

export interface HostPort {
  postMessage(message: FromHost): void;
  onmessage: ((event: MessageEvent<ToHost>) => void) | null;
}

/**
 * [document-host] Serves one project's document over `port` (a worker's own scope): opens it when the page says
 * so, sends its state, presence and tasks as they change, and does what the page asks. Messages keep their order,
 * so the page sees the tasks a state speaks of before the state.
 */
export function serveDocument(port: HostPort): void {
  let opened: ReturnType<typeof openConnection> | null = null;
  const stops: (() => void)[] = [];
  let earlyList: ((response: Response | null) => void) | null = null;
  const post = (message: FromHost) => port.postMessage(message);
  const sockets = relayedSockets(post);
  const sendTasks = (patch: TasksPatch) => {
    const { parts, last } = splitTasksPatch(patch, TASKS_PER_MESSAGE);
    for (const set of parts) post({ t: 'tasks-part', set });
    post({ t: 'tasks', patch: last });
  };

  const open = (message: Extract<ToHost, { t: 'open' }>) => {
    if (message.earlyList) {
      holdEarlyTaskList(
        message.projectId,
        new Promise<Response>((resolve, reject) => (earlyList = (response) => (response ? resolve(response) : reject(new Error('no early task list'))))),
      );
    }
    const { options } = message;
    opened = openConnection(message.projectId, message.userId, { ...options, socketClass: options.relaySocket ? sockets.WebSocket : undefined });
    const { state, presence, crossedDrops, tasks } = opened.connection;
    post({ t: 'state', state: state.getState() });
    post({ t: 'presence', presence: presence.getState() });
    sendTasks(wholeTasksState(tasks.getState()));
    stops.push(
      tasks.subscribe((after, before) => {
        const patch = diffTasksState(before, after);
        if (patch) sendTasks(patch);
      }),
      state.subscribe((s) => post({ t: 'state', state: s })),
      presence.subscribe((p) => post({ t: 'presence', presence: p })),
      crossedDrops.subscribe((drop) => post({ t: 'crossed', drop })),
    );
  };

  port.onmessage = ({ data: message }) => {
    if (message.t === 'open') {
      if (!opened) open(message);
      return;
    }
    if (message.t === 'early-list') {
      earlyList?.(message.body ? new Response(message.body, { status: message.status, headers: { 'content-type': 'application/json' } }) : null);
      earlyList = null;
      return;
    }
    // The device copy's snapshot is written while the person leaves the page alone (snapshot-writer.ts): a worker
    // shares the machine's cores with the page, and a scroll wants them.
    if (message.t === 'input') return notePersonInput();
    if (message.t === 'ws-event') return sockets.deliver(message);
    if (message.t === 'close') {
      stops.forEach((stop) => stop());
      opened?.destroy();
      opened = null;
      post({ t: 'closed' });
      return;
    }
    const connection = opened?.connection;
    if (!connection) return;
    if (message.t === 'call' && (CALLS as readonly string[]).includes(message.name)) {
      try {
        (connection[message.name] as (...args: unknown[]) => void)(...message.args);
      } finally {
        post({ t: 'ack', seq: message.seq });
      }
    } else if (message.t === 'ask' && (ASKS as readonly string[]).includes(message.name)) {
      const asked = (connection[message.name] as (...args: unknown[]) => Promise<unknown>)(...message.args);
      void asked.then(
        (value) => post({ t: 'answer', id: message.id, value }),
        () => post({ t: 'answer', id: message.id, value: undefined }),
      );
    }
  };
}
