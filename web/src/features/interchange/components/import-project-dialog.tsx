import { IMPORT_FIELDS, IMPORT_MAX_BYTES, type ImportField, type ImportMode, type ImportSummary, type Project } from '@planline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useTaskCounts } from '../../gantt';
import { IMPORT_ACCEPT, importFormatOf, postImportWhenFree, undoImport } from '../import.api';

export interface ImportProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: Pick<Project, 'id' | 'name'>;
}

const FIELD_LABELS: Record<ImportField, string> = {
  id: 'ID',
  name: 'Name',
  start: 'Start',
  finish: 'Finish',
  duration: 'Duration',
  progress: 'Progress',
  status: 'Status',
  priority: 'Priority',
  assignee: 'Assignee e-mail',
  predecessors: 'Predecessors',
  wbs: 'WBS',
  level: 'Level',
  notes: 'Notes',
};

const NOT_MAPPED = '';
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * [import] "Import from file" (issue 37): a file (.xml MS Project, .csv, .xlsx; the format from its extension) is
 * previewed on the server: counts, the people matched to the project's and those who are not, warnings and errors
 * row by row, and for a spreadsheet the column mapping, whose change previews again. Import, append or replace,
 * stores it as one edit that every open chart receives. Nothing is stored while the preview has errors.
 */
export function ImportProjectDialog({ open, onOpenChange, project }: ImportProjectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Import from file"
        description={
          <>
            Bring tasks into <span className="font-medium text-slate-900">{project.name}</span> from MS Project (.xml), CSV or Excel (.xlsx).
          </>
        }
        className="sm:max-w-2xl"
      >
        {open ? <ImportForm project={project} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type Stage = { kind: 'idle' } | { kind: 'sending'; what: 'preview' | 'import'; progress: number } | { kind: 'failed'; message: string };

function ImportForm({ project, onDone }: { project: Pick<Project, 'id' | 'name'>; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const counts = useTaskCounts(project.id);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('append');
  const [columns, setColumns] = useState<Partial<Record<ImportField, string>>>({});
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [skipUnmatched, setSkipUnmatched] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const format = file ? importFormatOf(file.name) : null;
  const sending = stage.kind === 'sending';

  async function send(preview: boolean, chosen: File, mapping: Partial<Record<ImportField, string>>, into: ImportMode = mode) {
    const fileFormat = importFormatOf(chosen.name);
    if (!fileFormat) return setStage({ kind: 'failed', message: `«${chosen.name}» is not a file Planline imports: choose an MS Project .xml, a .csv or an .xlsx file.` });
    if (chosen.size > IMPORT_MAX_BYTES) {
      return setStage({ kind: 'failed', message: `«${chosen.name}» is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB, the most an import takes. Split the plan into several files.` });
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStage({ kind: 'sending', what: preview ? 'preview' : 'import', progress: 0 });
    try {
      const answer = await postImportWhenFree(
        { projectId: project.id, file: chosen, fileName: chosen.name, format: fileFormat, mode: into, preview, columns: mapping },
        (progress) => setStage((s) => (s.kind === 'sending' ? { ...s, progress } : s)),
        controller.signal,
      );
      if (controller.signal.aborted) return;
      setStage({ kind: 'idle' });
      if (preview) {
        setSummary(answer);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: ['/api/projects', project.id] });
      const projectId = project.id;
      const undo = answer.undo;
      toast({
        title: 'Imported',
        description: `${plural(answer.tasks, 'task')} and ${plural(answer.links, 'link')} from «${chosen.name}».`,
        // One undo step for the importer: the plan back to the instant before the import (a restore, as in History).
        action: undo
          ? {
              label: 'Undo import',
              altText: 'Undo the import: the plan goes back to how it was just before it',
              onSelect: () =>
                void undoImport(projectId, undo).then(
                  (undone) => {
                    void queryClient.invalidateQueries({ queryKey: ['/api/projects', projectId] });
                    const calendarKept = undo.calendar && !undone.calendarRestored ? ' The calendar stays as a teammate changed it since.' : '';
                    toast({ title: 'Import undone', description: `The tasks from «${chosen.name}» were taken out; the plan is as it was before the import.${calendarKept}` });
                  },
                  (err: unknown) => {
                    if (isUnauthorizedError(err)) return handleUnauthorized();
                    toast({ title: 'Undo failed', description: serverMessage(err) ?? 'The import could not be undone. Check your connection, then use History to restore the plan.', variant: 'destructive' });
                  },
                ),
            }
          : undefined,
      });
      onDone();
    } catch (err) {
      if (controller.signal.aborted) return;
      if (isUnauthorizedError(err)) return handleUnauthorized();
      const refused = refusedSummary(err);
      if (refused) setSummary(refused);
      setStage({ kind: 'failed', message: serverMessage(err) ?? (err instanceof Error && !/^\d{3}: /.test(err.message) ? err.message : 'The import failed. Please try again.') });
    }
  }

  const unmatched = summary?.people.filter((p) => !p.matchedUserId) ?? [];
  const blocked = !file || !summary || summary.errors.length > 0 || (unmatched.length > 0 && !skipUnmatched) || sending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!blocked && file) void send(false, file, columns);
  };

  return (
    <form onSubmit={onSubmit} aria-busy={sending} className="space-y-5">
      <div className="space-y-2">
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-700">
          File
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={IMPORT_ACCEPT}
          disabled={sending}
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            setSummary(null);
            setColumns({});
            setSkipUnmatched(false);
            setStage({ kind: 'idle' });
            if (chosen) void send(true, chosen, {});
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
        />
        <p id={`${id}-file-hint`} className="text-xs text-slate-600">
          MS Project XML (.xml), CSV (.csv) or Excel (.xlsx), up to {IMPORT_MAX_BYTES / 1024 / 1024} MB. Nothing is stored until you press Import.
        </p>
      </div>

      <div role="status" aria-live="polite" className="space-y-2 text-sm">
        {stage.kind === 'sending' ? (
          <>
            <p className="text-slate-700">{stage.what === 'preview' ? 'Reading the file…' : 'Importing…'}</p>
            <ProgressBar value={stage.progress * 100} label={stage.what === 'preview' ? 'Upload for the preview' : 'Upload for the import'} />
          </>
        ) : null}
      </div>
      {stage.kind === 'failed' ? (
        <p role="alert" data-import-failure className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {stage.message}
        </p>
      ) : null}

      {summary ? <ImportPreview summary={summary} /> : null}

      {summary?.columns && format !== 'mspdi' && file ? (
        <ColumnMapping
          summary={summary}
          disabled={sending}
          onChange={(field, header) => {
            const next = { ...columns, [field]: header };
            setColumns(next);
            void send(true, file, next);
          }}
        />
      ) : null}

      {unmatched.length ? (
        <section aria-labelledby={`${id}-people`} className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <h3 id={`${id}-people`} className="font-medium">
            {plural(unmatched.length, 'person is', 'people are')} not in this project
          </h3>
          <ul className="list-inside list-disc">
            {unmatched.map((p, i) => (
              <li key={`${p.name}-${i}`}>
                {p.name}
                {p.email ? ` (${p.email})` : ''}
              </li>
            ))}
          </ul>
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              checked={skipUnmatched}
              onChange={(e) => setSkipUnmatched(e.target.checked)}
              className="h-4 w-4 rounded accent-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
            />
            Skip them: import their tasks without them
          </label>
        </section>
      ) : null}

      <fieldset disabled={sending} className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">Into this project</legend>
        {(['append', 'replace'] as const).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 has-checked:border-blue-600 has-checked:bg-blue-50 has-focus-visible:ring-2 has-focus-visible:ring-blue-600"
          >
            <input type="radio" name={`${id}-mode`} value={value} checked={mode === value}
              onChange={() => {
                setMode(value);
                // The cap and the calendar read differently in the other mode: the preview says how.
                if (file) void send(true, file, columns, value);
              }} className="mt-0.5 h-4 w-4 accent-blue-600 focus-visible:outline-none" />
            <span className="text-sm">
              <span className="block font-medium text-slate-900">{value === 'append' ? 'Add to the tasks' : 'Replace the tasks'}</span>
              <span className="block text-slate-600">
                {value === 'append'
                  ? 'The imported tasks come after the project\'s own.'
                  : counts && counts.total > 0
                    ? `Deletes the project's ${plural(counts.total, 'task')} and their links first.`
                    : "Deletes the project's tasks and links first."}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog. */}
        <Button type="submit" aria-disabled={blocked} className={blocked ? 'cursor-not-allowed opacity-50' : undefined} data-import-submit>
          <FileUp aria-hidden="true" className="h-4 w-4" />
          {summary && !summary.errors.length ? `Import ${plural(summary.tasks, 'task')}` : 'Import'}
        </Button>
      </div>
    </form>
  );
}

/** A 422's body carries the summary it refused with (its errors). */
function refusedSummary(err: unknown): ImportSummary | null {
  const match = err instanceof Error ? /^422: ([\s\S]*)$/.exec(err.message) : null;
  if (!match) return null;
  try {
    const body = JSON.parse(match[1]!) as { summary?: ImportSummary };
    return body.summary ?? null;
  } catch {
    return null;
  }
}

function ImportPreview({ summary }: { summary: ImportSummary }) {
  const figures: [string, number][] = [
    ['Tasks', summary.tasks],
    ['Links', summary.links],
    ['Milestones', summary.milestones],
    ['Summary tasks', summary.summaries],
    ['People', summary.people.length],
  ];
  return (
    <section aria-label="Preview" data-import-preview className="space-y-3">
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 p-2 text-center">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <Messages title="Errors: fix these in the file, then choose it again" tone="error" messages={summary.errors} />
      <Messages title="Warnings: imported as described" tone="warning" messages={summary.warnings} />
    </section>
  );
}

const MESSAGES_SHOWN = 200;

function Messages({ title, tone, messages }: { title: string; tone: 'error' | 'warning'; messages: ImportSummary['errors'] }) {
  const headingId = useId();
  if (!messages.length) return null;
  return (
    <section aria-labelledby={headingId} data-import-messages={tone} className={tone === 'error' ? 'rounded-md border border-red-200 bg-red-50 p-3' : 'rounded-md border border-slate-200 bg-slate-50 p-3'}>
      <h3 id={headingId} className={tone === 'error' ? 'text-sm font-medium text-red-800' : 'text-sm font-medium text-slate-800'}>
        {title} ({messages.length.toLocaleString()})
      </h3>
      <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm text-slate-800" tabIndex={0} aria-label={title}>
        {messages.slice(0, MESSAGES_SHOWN).map((m, i) => (
          <li key={i}>
            {m.row !== null ? <span className="mr-1 font-mono text-xs text-slate-600">Row {m.row}</span> : null}
            {m.message}
          </li>
        ))}
        {messages.length > MESSAGES_SHOWN ? <li className="text-slate-600">…and {(messages.length - MESSAGES_SHOWN).toLocaleString()} more</li> : null}
      </ul>
    </section>
  );
}

function ColumnMapping({ summary, disabled, onChange }: { summary: ImportSummary; disabled: boolean; onChange: (field: ImportField, header: string) => void }) {
  const id = useId();
  const columns = summary.columns!;
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-700">Columns</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {IMPORT_FIELDS.map((field) => (
          <div key={field} className="flex items-center gap-2">
            <label htmlFor={`${id}-${field}`} className="w-32 shrink-0 text-sm text-slate-700">
              {FIELD_LABELS[field]}
            </label>
            <select
              id={`${id}-${field}`}
              data-import-column={field}
              value={columns.mapping[field] ?? NOT_MAPPED}
              onChange={(e) => onChange(field, e.target.value)}
              className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
            >
              <option value={NOT_MAPPED}>Not in the file</option>
              {columns.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
