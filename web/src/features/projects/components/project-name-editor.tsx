import type { Project } from '@planline/domain';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from '../../../components/ui/input';
import { TeammateChange } from '../../../components/ui/teammate-change';
import { isUnauthorizedError, projectConflict } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useUpdateProject } from '../projects.api';

export function projectUpdateFailed(err: unknown): void {
  if (isUnauthorizedError(err)) {
    handleUnauthorized();
    return;
  }
  toast({ title: 'Error', description: 'Failed to update project', variant: 'destructive' });
}

/** A name a teammate gave while the person was renaming: theirs, and the one the person chose. */
interface NameConflict {
  mine: string;
  theirs: string;
  who: string | null;
}

/**
 * The header's project name: click it (or press Enter on it) to edit; Enter or leaving the field saves, Escape
 * cancels, and a blank name is ignored (PRODUCT-SPEC §2, §5). [form-merge] The save carries the name the person
 * started from: a teammate's rename meanwhile shows under the field live, and the save is refused (409), offering
 * both names, instead of overwriting it.
 */
export function ProjectNameEditor({ project, editable }: { project: Project; editable: boolean }) {
  const update = useUpdateProject();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(project.name);
  // The name the person started from, and a rename of a teammate's that their save ran into.
  const [base, setBase] = useState(project.name);
  const [conflict, setConflict] = useState<NameConflict | null>(null);
  // Escape unmounts the field, which may still fire blur; this keeps that blur from saving.
  const finished = useRef(false);
  // After Enter or Escape the keyboard user continues from the name; after a click elsewhere, from there.
  const refocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [editing]);

  const pendingName = update.isPending && update.variables.projectId === project.id ? update.variables.changes.name : undefined;
  const shownName = pendingName ?? project.name;

  const send = (name: string, from: string) => {
    setConflict(null);
    update.mutate(
      { projectId: project.id, changes: { name, base: { name: from } } },
      {
        onError: (err) => {
          const theirs = projectConflict(err)?.conflicts.find((c) => c.field === 'name');
          if (theirs) setConflict({ mine: name, theirs: theirs.current ?? '', who: theirs.changedBy?.firstName ?? null });
          else projectUpdateFailed(err);
        },
      },
    );
  };

  const start = () => {
    finished.current = false;
    setDraft(project.name);
    setBase(project.name);
    setConflict(null);
    setEditing(true);
  };

  const save = () => {
    if (finished.current) return;
    finished.current = true;
    setEditing(false);
    const name = draft.trim();
    // Unchanged by the person (even if a teammate renamed meanwhile), or already the name: nothing to send.
    if (!name || name === base || name === project.name) return;
    send(name, base);
  };

  const cancel = () => {
    finished.current = true;
    setEditing(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      refocus.current = true;
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      refocus.current = true;
      cancel();
    }
  };

  if (!editable) {
    return <h1 className="truncate text-xl font-semibold text-slate-900">{shownName}</h1>;
  }

  const note = conflict ? (
    <TeammateChange
      who={conflict.who}
      value={conflict.theirs}
      yours={conflict.mine}
      conflict
      onKeepMine={() => send(conflict.mine, conflict.theirs)}
      onTakeTheirs={() => setConflict(null)}
    />
  ) : editing && project.name !== base ? (
    <TeammateChange who={project.editedBy?.name?.firstName ?? null} value={project.name} conflict={false} />
  ) : null;

  if (editing) {
    return (
      <div className="min-w-0 space-y-1">
        <Input
          aria-label="Project name"
          value={draft}
          autoFocus
          maxLength={255}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={save}
          className="h-9 max-w-sm text-lg font-semibold"
        />
        {note}
      </div>
    );
  }

  return (
    <div className="min-w-0 space-y-1">
      <h1 className="min-w-0">
        {/* Referenced by aria-describedby; hidden content still describes, without joining the heading's name. */}
        <span id="project-name-hint" hidden>
          Click or press Enter to rename the project
        </span>
        <button
          ref={button}
          type="button"
          title="Click to edit"
          aria-describedby="project-name-hint"
          onClick={start}
          className="group inline-flex max-w-full cursor-text items-center gap-2 rounded-md px-1 text-left text-xl font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <span className="truncate">{shownName}</span>
          <Pencil aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100" />
        </button>
      </h1>
      {note}
    </div>
  );
}
