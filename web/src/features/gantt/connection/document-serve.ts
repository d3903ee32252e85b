import { holdEarlyTaskList } from '../../../lib/early-task-list';
import { notePersonInput } from '../../../lib/person-input';
import { openConnection } from './document-host';
import { ASKS, CALLS, type CallName, type FromHost, type HostPort, type ToHost } from './document-protocol';
import { documentIn } from './session';
import { relayedSockets } from './relayed-socket';
import type { TasksPatch } from './document-protocol';
import { diffTasksState, splitTasksPatch, wholeTasksState } from './tasks-patch';

/** Tasks per message of a big patch: ~5 ms for the page to read one at 100,000 tasks. */
const TASKS_PER_MESSAGE = 5000;

/** The calls that change the document: they wait, in order, until it holds the project (session.ts documentIn). */
const WRITES: ReadonlySet<CallName> = new Set(['writeTask', 'writeTasks', 'writeLink', 'removeLink', 'writeEdit', 'shiftTasks', 'undo', 'redo']);

type Call = Extract<ToHost, { t: 'call' }>;


/**
 * [document-host] Serves one project's document over `port` (a worker's own scope): opens it when the page says
 * so, sends its state, presence and tasks as they change, and does what the page asks. Messages keep their order,
 * so the page sees the tasks a state speaks of before the state.
 */
export function serveDocument(port: HostPort): void {
  let opened: ReturnType<typeof openConnection> | null = null;
  const stops: (() => void)[] = [];
  let earlyList: ((response: Response | null) => void) | null = null;
  // The outbox's tail (outbox.ts on the page): edits made while the chart shows a picture of the project, not its
  // document (a first visit's task list, a return visit's snapshot). They are written once the document is in,
  // over the server's state or the kept copy, with the cascade that state gives; a refusal (or a scope that allows
  // only reading) drops them.
  let held: Call[] = [];
  // The last call done, and the last acknowledged: the page's calls up to an ack are done, so a call done while an
  // earlier write waits is acknowledged with it.
  let done = 0;
  let acked = 0;
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
      // First among the state's listeners: the held edits are written as the document comes in, so the page has
      // their tasks and their ack by the time it hears the state.
      state.subscribe((s) => {
        // Refused, or let in only to read: the person may not change the document, and the held edits go unwritten.
        if (held.length && (documentIn(s) || s.status === 'denied')) flush(s.status !== 'denied' && !s.readOnly);
      }),
      tasks.subscribe((after, before) => {
        const patch = diffTasksState(before, after);
        if (patch) sendTasks(patch);
      }),
      state.subscribe((s) => post({ t: 'state', state: s })),
      presence.subscribe((p) => post({ t: 'presence', presence: p })),
      crossedDrops.subscribe((drop) => post({ t: 'crossed', drop })),
    );
  };

  const run = (message: Call) => {
    try {
      const connection = opened?.connection;
      if (connection) (connection[message.name] as (...args: unknown[]) => void)(...message.args);
    } finally {
      done = Math.max(done, message.seq);
    }
  };
  const acknowledge = () => {
    const upTo = held.length ? held[0]!.seq - 1 : done;
    if (upTo <= acked) return;
    acked = upTo;
    post({ t: 'ack', seq: upTo });
  };
  const flush = (write: boolean) => {
    const calls = held;
    held = [];
    for (const call of calls) {
      try {
        if (write) run(call);
      } catch {
        // One edit that cannot be written (its task gone meanwhile) does not keep back those after it.
      } finally {
        done = Math.max(done, call.seq);
      }
    }
    acknowledge();
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
      if (WRITES.has(message.name) && (held.length || !documentIn(connection.state.getState()))) held.push(message);
      else {
        try {
          run(message);
        } finally {
          acknowledge();
        }
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
