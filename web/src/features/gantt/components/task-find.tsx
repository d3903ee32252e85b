import { ChevronDown, ChevronUp, Search, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useStore } from 'zustand';
import { Input } from '../../../components/ui/input';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import type { ProjectConnection } from '../connection/project-connection';
import { collapsedAbove, findMarksStore, findTasks, stepMatch } from '../model/task-find';

const iconButton =
  'inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-not-allowed disabled:opacity-50';

/** Whether a key press asks for find: Ctrl+F, or ⌘F on a Mac. */
export function isFindKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return event.key.toLowerCase() === 'f' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** The toolbar's Find button, which opens the find field in its place. */
export function FindButton({ onOpen, buttonRef }: { onOpen: () => void; buttonRef: RefObject<HTMLButtonElement | null> }) {
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <Tooltip content={`Find a task by name (${isMac ? '⌘F' : 'Ctrl+F'})`}>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Find task"
        onClick={onOpen}
        className="inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
      >
        <Search aria-hidden="true" className="h-4 w-4" />
      </button>
    </Tooltip>
  );
}

interface TaskFindProps {
  connection: Pick<ProjectConnection, 'tasks' | 'setCollapsed'>;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Scroll the chart to the task's row (and bar). */
  onGoTo: (taskId: string) => void;
  /** Whether the task has no row for a reason find cannot change (Late only leaves it out). */
  filteredOut: (taskId: string) => boolean;
  onClose: () => void;
}

/**
 * [chart-find] Find over the chart's task names, like a browser's: typing goes to the first match, Enter and
 * Shift+Enter to the next and previous, "2 of 5" says where, the matched rows are highlighted, Escape closes. A
 * match under a collapsed summary opens it; one that Late only leaves out is counted and said to be hidden.
 */
export function TaskFind({ connection, inputRef, onGoTo, filteredOut, onClose }: TaskFindProps) {
  const [query, setQuery] = useState('');
  const [currentId, setCurrentId] = useState<string | null>(null);
  const tasks = useStore(connection.tasks, (s) => s.tasks);
  const matches = useMemo(() => findTasks(tasks, query), [tasks, query]);
  // A teammate's edit may add or take away matches: the one we are on stays current while it still matches.
  const index = Math.max(0, currentId ? matches.indexOf(currentId) : 0);
  const current = matches[index] ?? null;

  useEffect(() => {
    findMarksStore.setState({ matches: new Set(matches), current });
  }, [matches, current]);
  useEffect(() => () => findMarksStore.setState({ matches: new Set(), current: null }), []);

  const goTo = (taskId: string | null) => {
    setCurrentId(taskId);
    if (!taskId || filteredOut(taskId)) return;
    const { tasks: now, collapsed } = connection.tasks.getState();
    for (const summary of collapsedAbove(now, collapsed, taskId)) connection.setCollapsed(summary, false);
    onGoTo(taskId);
  };
  // Typing goes to the first match of what is typed now (not on a teammate's edit, which keeps the current one).
  useEffect(() => goTo(matches[0] ?? null), [query]);
  const step = (by: 1 | -1) => goTo(matches[stepMatch(matches.length, index, by)] ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      step(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
    // Ctrl+F here again selects what was typed, as a browser's find does (useChartFind's onKeyDown).
  };

  const hidden = current !== null && filteredOut(current);
  const count = query.trim() === '' ? '' : matches.length === 0 ? 'No matches' : `${index + 1} of ${matches.length}`;
  return (
    <div role="search" aria-label="Find tasks" className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white py-0.5 pr-0.5 pl-2 shadow-sm">
      <Search aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
      <Input
        ref={inputRef}
        aria-label="Find a task by name"
        placeholder="Find task…"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        className="h-7 w-40 border-0 px-1 shadow-none focus-visible:ring-0"
      />
      <span role="status" className={cn('min-w-[4.5rem] text-right text-xs tabular-nums', matches.length === 0 && count ? 'text-red-700' : 'text-slate-600')}>
        {count}
        {hidden ? <span className="block text-amber-800">hidden by Late only</span> : null}
      </span>
      <button type="button" aria-label="Previous match" className={iconButton} disabled={matches.length === 0} onClick={() => step(-1)}>
        <ChevronUp aria-hidden="true" className="h-4 w-4" />
      </button>
      <button type="button" aria-label="Next match" className={iconButton} disabled={matches.length === 0} onClick={() => step(1)}>
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </button>
      <button type="button" aria-label="Close find" className={iconButton} onClick={onClose}>
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

/** The find's open state, its field and button (focus goes back to the button on close), and Ctrl+F for the chart. */
export function useChartFind() {
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const focusOnOpen = useRef(false);
  useEffect(() => {
    if (!focusOnOpen.current) return;
    focusOnOpen.current = false;
    if (open) inputRef.current?.focus();
    else buttonRef.current?.focus();
  }, [open]);
  const show = () => {
    if (open) {
      inputRef.current?.focus();
      inputRef.current?.select();
      return;
    }
    focusOnOpen.current = true;
    setOpen(true);
  };
  const close = () => {
    focusOnOpen.current = true;
    setOpen(false);
  };
  /** Ctrl+F (⌘F) anywhere in the chart opens find instead of the browser's, which cannot see rows not drawn. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!isFindKey(event)) return;
    event.preventDefault();
    show();
  };
  return { open, show, close, inputRef, buttonRef, onKeyDown };
}
