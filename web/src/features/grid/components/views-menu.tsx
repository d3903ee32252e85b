import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { GridView, SavedGridView } from '@planline/domain';
import { Check, ChevronDown, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { useCreateGridView, useDeleteGridView, useGridViews, useUpdateGridView } from '../grid-views.queries';
import { gridViewStore } from '../model/grid-view.store';
import { clearLeftView, leftViewStore } from '../model/saved-view-follow';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2.5 py-2 text-sm text-slate-900 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-900';

const failed = (err: unknown, what: string) => serverMessage(err) ?? `Could not ${what}. Check your connection and try again.`;
const sameView = (a: GridView, b: GridView) => JSON.stringify(a) === JSON.stringify(b);

type Naming = { mode: 'create' } | { mode: 'rename'; view: SavedGridView } | null;

/**
 * [grid-views] The Views menu: the saved views (one's own and the shared ones, marked), and Save as…, Save changes,
 * Rename, Share or Unshare and Delete of the view shown. What the server refuses (a name taken, a limit reached,
 * sharing by a guest) is said in its own words.
 */
export function ViewsMenu({ projectId, view, savedViewId, canShare }: { projectId: string; view: GridView; savedViewId: string | null; canShare: boolean }) {
  const list = useGridViews(projectId).data ?? [];
  const current = list.find((v) => v.id === savedViewId) ?? null;
  const left = useStore(leftViewStore, (s) => s.byProject[projectId] ?? null);
  const create = useCreateGridView(projectId);
  const update = useUpdateGridView(projectId);
  const remove = useDeleteGridView(projectId);
  const [naming, setNaming] = useState<Naming>(null);
  const [deleting, setDeleting] = useState(false);
  const changed = current !== null && !sameView(current.view, view);

  const choose = (saved: SavedGridView) => {
    clearLeftView(projectId);
    gridViewStore.getState().setView(projectId, saved.view, saved.id);
  };
  const change = (saved: SavedGridView, changes: Parameters<typeof update.mutate>[0]['changes'], what: string) =>
    update.mutate({ viewId: saved.id, changes }, { onError: (err) => toast({ title: failed(err, what), variant: 'destructive' }) });

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={buttonClasses('outline', 'sm', 'max-w-48')}>
          <span className="truncate">{current ? current.name : 'Views'}</span>
          {changed ? <span className="text-xs text-slate-500">(changed)</span> : null}
          <ChevronDown aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="start" sideOffset={4} className="z-[60] max-h-[70vh] w-72 max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            {list.length === 0 ? <div className="px-2.5 py-2 text-sm text-slate-600">No saved views yet</div> : null}
            {list.map((saved) => (
              <DropdownMenu.CheckboxItem key={saved.id} checked={saved.id === savedViewId} onSelect={() => choose(saved)} className={ITEM}>
                <span className="w-4 shrink-0">{saved.id === savedViewId ? <Check aria-hidden="true" className="h-4 w-4" /> : null}</span>
                <span className="min-w-0 flex-1 truncate">{saved.name}</span>
                {saved.shared ? (
                  <span className="flex shrink-0 items-center gap-1 text-xs text-slate-500">
                    <Users aria-hidden="true" className="h-3 w-3" />
                    Shared
                  </span>
                ) : (
                  <span className="shrink-0 text-xs text-slate-500">Mine</span>
                )}
              </DropdownMenu.CheckboxItem>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            <DropdownMenu.Item className={ITEM} onSelect={() => setNaming({ mode: 'create' })}>
              Save as…
            </DropdownMenu.Item>
            {current ? (
              <>
                <DropdownMenu.Item className={ITEM} disabled={!changed} onSelect={() => change(current, { view }, 'save the view')}>
                  Save changes to “{current.name}”
                </DropdownMenu.Item>
                <DropdownMenu.Item className={ITEM} onSelect={() => setNaming({ mode: 'rename', view: current })}>
                  Rename…
                </DropdownMenu.Item>
                {canShare ? (
                  <DropdownMenu.Item className={ITEM} onSelect={() => change(current, { shared: !current.shared }, current.shared ? 'unshare the view' : 'share the view')}>
                    {current.shared ? 'Unshare (keep as mine)' : 'Share with the team'}
                  </DropdownMenu.Item>
                ) : null}
                <DropdownMenu.Item className={`${ITEM} text-red-700`} onSelect={() => setDeleting(true)}>
                  Delete…
                </DropdownMenu.Item>
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {left && !current ? <span className="text-xs text-slate-500">“{left}” was deleted; the rows stay as they were.</span> : null}
      <NameDialog
        key={naming ? (naming.mode === 'rename' ? naming.view.id : 'create') : 'closed'}
        naming={naming}
        canShare={canShare}
        pending={create.isPending || update.isPending}
        onClose={() => setNaming(null)}
        onSubmit={(name, shared, done) => {
          const onError = (err: unknown) => done(failed(err, 'save the view'));
          if (naming?.mode === 'rename') update.mutate({ viewId: naming.view.id, changes: { name } }, { onSuccess: () => done(null), onError });
          else
            create.mutate(
              { name, shared, view },
              {
                onSuccess: (saved) => {
                  clearLeftView(projectId);
                  gridViewStore.getState().setView(projectId, saved.view, saved.id);
                  done(null);
                },
                onError,
              },
            );
        }}
      />
      {current ? (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={`Delete “${current.name}”?`}
          description={current.shared ? 'It is shared: it goes for everyone on the team. The rows you see stay as they are.' : 'The rows you see stay as they are.'}
          confirmLabel="Delete view"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(current.id, {
              onSuccess: () => {
                setDeleting(false);
                gridViewStore.getState().setView(projectId, view, null);
              },
              onError: (err) => toast({ title: failed(err, 'delete the view'), variant: 'destructive' }),
            })
          }
        />
      ) : null}
    </>
  );
}

function NameDialog({
  naming,
  canShare,
  pending,
  onClose,
  onSubmit,
}: {
  naming: Naming;
  canShare: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: (name: string, shared: boolean, done: (error: string | null) => void) => void;
}) {
  const id = useId();
  const [name, setName] = useState(naming?.mode === 'rename' ? naming.view.name : '');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name the view');
    onSubmit(name.trim(), shared, (err) => (err ? setError(err) : onClose()));
  };
  return (
    <Dialog open={naming !== null} onOpenChange={(open) => !open && onClose()}>
      {naming ? (
        <DialogContent title={naming.mode === 'rename' ? 'Rename view' : 'Save view as'}>
          <form onSubmit={submit} className="flex flex-col gap-3">
            <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-700">
              View name
            </label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={80}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setName(e.target.value)}
              className="h-9 rounded-md border border-slate-300 px-2 text-sm"
            />
            {naming.mode === 'create' && canShare ? (
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} className="h-4 w-4 accent-blue-600" />
                Share with the team
              </label>
            ) : null}
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving…' : 'Save view'}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
