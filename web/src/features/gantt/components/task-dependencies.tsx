import { DEFAULT_LINK, LINK_TYPES, type Link, type LinkType } from '@planline/domain';
import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import type { ProjectConnection } from '../connection/project-connection';
import { checkNewLink, LINK_TYPE_NAMES, type DependencyEdge } from '../model/links';
import { parseLag } from './link-popover';

interface TaskDependenciesProps {
  connection: ProjectConnection;
  taskId: string;
  readOnly: boolean;
}

// fieldClasses is full width; these fields size themselves (cn does not merge conflicting classes).
const selectClasses = cn(fieldClasses.replace('w-full', ''), 'h-9');

/** The task's predecessors with their type and lag, each editable and removable; and the keyboard way to add one. */
export function TaskDependencies({ connection, taskId, readOnly }: TaskDependenciesProps) {
  const tasks = useStore(connection.tasks, (s) => s.tasks);
  const edges = useStore(connection.tasks, (s) => s.edges);
  const mine = edges.filter((e) => e.taskId === taskId && tasks.has(e.dependsOnTaskId));
  const id = useId();

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 border-t border-slate-200 pt-4">
      <h3 id={`${id}-title`} className="mb-2 text-sm font-semibold text-slate-900">
        Dependencies
      </h3>
      {mine.length === 0 ? (
        <p className="text-sm text-slate-500">This task depends on no other task.</p>
      ) : (
        <ul aria-label="Predecessors" className="space-y-2">
          {mine.map((edge) => (
            <PredecessorRow key={edge.dependsOnTaskId} connection={connection} edge={edge} name={tasks.get(edge.dependsOnTaskId)!.name} readOnly={readOnly} />
          ))}
        </ul>
      )}
      {readOnly ? null : <AddDependency connection={connection} taskId={taskId} edges={edges} />}
    </section>
  );
}

function PredecessorRow({ connection, edge, name, readOnly }: { connection: ProjectConnection; edge: DependencyEdge; name: string; readOnly: boolean }) {
  const [lag, setLag] = useState(String(edge.lagDays));
  const write = (link: Link) => {
    if (link.type !== edge.type || link.lagDays !== edge.lagDays) connection.writeLink(edge.taskId, edge.dependsOnTaskId, link);
  };
  const commitLag = () => {
    const lagDays = parseLag(lag);
    if (lagDays === null) setLag(String(edge.lagDays));
    else write({ type: edge.type, lagDays });
  };
  return (
    <li className="flex items-center gap-2 text-sm" data-predecessor={edge.dependsOnTaskId}>
      <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{name}</span>
      <select
        aria-label={`Link type to ${name}`}
        className={cn(selectClasses, 'w-44')}
        value={edge.type}
        disabled={readOnly}
        onChange={(event) => write({ type: event.target.value as LinkType, lagDays: edge.lagDays })}
      >
        {LINK_TYPES.map((t) => (
          <option key={t} value={t}>
            {LINK_TYPE_NAMES[t]}
          </option>
        ))}
      </select>
      <input
        aria-label={`Lag in working days to ${name}`}
        className={cn(selectClasses, 'w-20')}
        inputMode="numeric"
        value={lag}
        disabled={readOnly}
        onChange={(event) => setLag(event.target.value)}
        onBlur={commitLag}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          commitLag();
        }}
      />
      {readOnly ? null : (
        <Button size="icon" variant="ghost" aria-label={`Remove the dependency on ${name}`} onClick={() => connection.removeLink(edge.taskId, edge.dependsOnTaskId)}>
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      )}
    </li>
  );
}

function AddDependency({ connection, taskId, edges }: { connection: ProjectConnection; taskId: string; edges: readonly DependencyEdge[] }) {
  const tasks = useStore(connection.tasks, (s) => s.tasks);
  const rows = useStore(connection.tasks, (s) => s.rows);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState('');
  const [type, setType] = useState<LinkType>(DEFAULT_LINK.type);
  const [lag, setLag] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const query = search.trim().toLowerCase();
  const candidates = rows.filter((row) => row !== taskId && (!query || tasks.get(row)!.name.toLowerCase().includes(query)));
  const chosen = candidates.includes(picked) ? picked : (candidates[0] ?? '');

  const add = (event: FormEvent) => {
    event.preventDefault();
    const lagDays = parseLag(lag);
    if (!chosen) return setError('Choose the task this one depends on.');
    if (lagDays === null) return setError('Lag must be a whole number of working days.');
    const check = checkNewLink(edges, taskId, chosen);
    if (!check.ok) return setError(check.reason);
    connection.writeLink(taskId, chosen, { type, lagDays });
    setError(null);
    setSearch('');
    setPicked('');
    setLag('0');
  };

  return (
    <form onSubmit={add} aria-label="Add dependency" className="mt-3 space-y-2">
      <div className="flex flex-wrap items-end gap-2 text-xs text-slate-600">
        <label className="min-w-32 flex-1">
          Find a task
          <input className={cn(selectClasses, 'mt-1 w-full')} type="search" value={search} onChange={(event) => setSearch(event.target.value)} aria-controls={`${id}-task`} />
        </label>
        <label className="min-w-32 flex-1">
          Depends on
          <select id={`${id}-task`} className={cn(selectClasses, 'mt-1 w-full')} value={chosen} onChange={(event) => setPicked(event.target.value)}>
            {candidates.length === 0 ? <option value="">No task matches</option> : null}
            {candidates.map((row) => (
              <option key={row} value={row}>
                {tasks.get(row)!.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Type
          <select className={cn(selectClasses, 'mt-1 w-40')} value={type} onChange={(event) => setType(event.target.value as LinkType)}>
            {LINK_TYPES.map((t) => (
              <option key={t} value={t}>
                {LINK_TYPE_NAMES[t]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Lag (days)
          <input className={cn(selectClasses, 'mt-1 w-20')} inputMode="numeric" value={lag} onChange={(event) => setLag(event.target.value)} />
        </label>
        <Button type="submit" size="sm" variant="outline" className="h-9">
          Add dependency
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
