import type { ChatMessage, TaskReference } from '@planline/domain';
import { Link } from 'react-router';

const chipClasses =
  'inline-flex max-w-full items-center rounded-full bg-blue-50 px-2 py-0.5 text-sm font-medium text-blue-800 ring-1 ring-blue-200 ' +
  'hover:bg-blue-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 align-baseline';

/** Opens the task in its project's chart (the workspace reads ?project=&task=, as a shared link does). */
export function TaskChip({ task, onOpen }: { task: TaskReference; onOpen: () => void }) {
  return (
    <Link
      to={`/?project=${encodeURIComponent(task.projectId)}&task=${encodeURIComponent(task.id)}`}
      onClick={onOpen}
      className={chipClasses}
      aria-label={`Open task ${task.name}`}
    >
      <span className="truncate">#{task.name}</span>
    </Link>
  );
}

/**
 * A message's words as plain text (React escapes them: HTML in a message is shown, never run), with each "#name" of
 * a task it references made a chip where the name is written; references not written out follow as chips.
 */
export function ChatMessageText({ message, onOpenTask }: { message: ChatMessage; onOpenTask: () => void }) {
  const parts: (string | TaskReference)[] = [message.message];
  const placed = new Set<string>();
  // Longest names first, so "#Site map v2" is not taken for "#Site map".
  for (const task of [...message.tasks].sort((a, b) => b.name.length - a.name.length)) {
    const token = `#${task.name}`;
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i];
      if (typeof part !== 'string') continue;
      const at = part.indexOf(token);
      if (at < 0) continue;
      parts.splice(i, 1, part.slice(0, at), task, part.slice(at + token.length));
      placed.add(task.id);
      break;
    }
  }
  const unplaced = message.tasks.filter((t) => !placed.has(t.id));
  return (
    <>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
        {parts.map((part, i) => (typeof part === 'string' ? part : <TaskChip key={`${part.id}-${i}`} task={part} onOpen={onOpenTask} />))}
      </p>
      {unplaced.length ? (
        <p className="mt-1 flex flex-wrap gap-1">
          {unplaced.map((task) => (
            <TaskChip key={task.id} task={task} onOpen={onOpenTask} />
          ))}
        </p>
      ) : null}
    </>
  );
}
