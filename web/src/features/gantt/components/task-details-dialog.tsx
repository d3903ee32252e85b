import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { LoadingBlock } from '../../../components/ui/query-state';
import { cn } from '../../../lib/cn';
import { loadTaskComments } from '../../comments';
import { lazyPart } from '../../../lib/lazy-part';
import type { ProjectConnection } from '../connection/project-connection';
import { taskSlackText, usePlanSchedule } from '../model/schedule';
import { TaskDependencies } from './task-dependencies';
import { TaskEditForm } from './task-edit-form';
import { TaskHistory } from './task-history';
import { WatchToggle } from '../../notifications';
import type { Person } from './timeline-context';
import { useCustomFields } from '../../grid';

// [lazy-parts] The comments tab's code (markdown, composer, mentions) comes when the tab is first shown.
const TaskComments = lazyPart(loadTaskComments, <LoadingBlock label="Loading comments" />);

type Tab = 'edit' | 'comments' | 'history';
const TABS: { id: Tab; label: string }[] = [
  { id: 'edit', label: 'Edit Task' },
  { id: 'comments', label: 'Comments' },
  { id: 'history', label: 'Change History' },
];

interface TaskDetailsDialogProps {
  connection: ProjectConnection;
  taskId: string | null;
  people: ReadonlyMap<string, Person>;
  peopleList: readonly Person[];
  readOnly: boolean;
  /** The viewer: their own comments get Edit and Delete. */
  currentUserId: string;
  /** The owner and admins of the project's team delete anyone's comment. */
  canModerateComments: boolean;
  onClose: () => void;
  onDelete: (taskId: string) => void;
}

/** Task Details: 'Edit Task', 'Comments' and 'Change History' tabs over the live task. */
export function TaskDetailsDialog({ taskId, onClose, ...props }: TaskDetailsDialogProps) {
  return (
    <Dialog open={taskId !== null} onOpenChange={(open) => !open && onClose()}>
      {taskId ? <TaskDetailsBody key={taskId} taskId={taskId} onClose={onClose} {...props} /> : null}
    </Dialog>
  );
}

function TaskDetailsBody({ connection, taskId, people, peopleList, readOnly, currentUserId, canModerateComments, onClose, onDelete }: TaskDetailsDialogProps & { taskId: string }) {
  const task = useStore(connection.tasks, (s) => s.tasks.get(taskId));
  const customFields = useCustomFields(connection.projectId);
  const [tab, setTab] = useState<Tab>('edit');
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ edit: null, comments: null, history: null });
  // Each tab starts at its top: the edit form may have been scrolled down to Save Changes.
  const body = useRef<HTMLDivElement>(null);
  const showTab = (next: Tab) => {
    setTab(next);
    if (body.current) body.current.scrollTop = 0;
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    const nextTab = TABS[next]!.id;
    showTab(nextTab);
    tabRefs.current[nextTab]?.focus();
  };

  if (!task) {
    return (
      <DialogContent title="Task Details" description="This task is no longer in the project.">
        <p className="text-sm text-slate-700">Someone deleted this task while it was open.</p>
        <div className="mt-4 flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    );
  }

  const tabs = (
    <div role="tablist" aria-label="Task details" className="mb-4 flex gap-1 border-b border-slate-200">
      {TABS.map((t) => (
        <button
          key={t.id}
          ref={(el) => {
            tabRefs.current[t.id] = el;
          }}
          type="button"
          role="tab"
          id={`${baseId}-tab-${t.id}`}
          aria-selected={tab === t.id}
          aria-controls={`${baseId}-panel-${t.id}`}
          tabIndex={tab === t.id ? 0 : -1}
          onClick={() => showTab(t.id)}
          onKeyDown={onTabKeyDown}
          className={cn(
            '-mb-px cursor-pointer border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
            tab === t.id ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-600 hover:text-slate-900',
          )}
        >
          {t.label}
        </button>
      ))}
    </div>
  );

  return (
    <DialogContent title="Task Details" description={task.name} className="max-w-2xl" header={<><WatchToggle taskId={task.id} />{tabs}</>} bodyRef={body}>
      <div role="tabpanel" id={`${baseId}-panel-edit`} aria-labelledby={`${baseId}-tab-edit`} hidden={tab !== 'edit'}>
        <TaskSlack connection={connection} taskId={task.id} />
        <TaskEditForm
          task={task}
          people={peopleList}
          readOnly={readOnly}
          customFields={customFields.data}
          onDelete={() => onDelete(task.id)}
          onCancel={onClose}
          onSaved={onClose}
        />
        {/* Links are written live to the document (undoable), not with the form's Save. */}
        <TaskDependencies connection={connection} taskId={task.id} readOnly={readOnly} />
      </div>
      <div role="tabpanel" id={`${baseId}-panel-comments`} aria-labelledby={`${baseId}-tab-comments`} hidden={tab !== 'comments'}>
        {/* Read only once opened: a details panel opened to edit dates costs no read of the thread. */}
        {tab === 'comments' ? <TaskComments taskId={task.id} people={peopleList} currentUserId={currentUserId} canModerate={canModerateComments} /> : null}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-history`} aria-labelledby={`${baseId}-tab-history`} hidden={tab !== 'history'}>
        <TaskHistory
          task={task}
          people={people}
          taskName={(id) => connection.tasks.getState().tasks.get(id)?.name}
          customFields={new Map((customFields.data ?? []).map((f) => [f.id, f]))}
        />
      </div>
    </DialogContent>
  );
}

/** The task's total slack (docs/scheduling.md), live with the plan: teammates' moves change it while it is open. */
function TaskSlack({ connection, taskId }: { connection: ProjectConnection; taskId: string }) {
  const slack = usePlanSchedule(connection.tasks, (s) => taskSlackText(s, taskId));
  if (!slack) return null;
  return (
    <p data-task-slack className="mb-4 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <span className="font-medium text-slate-900">{slack}</span>
      <span className="block text-xs text-slate-600">Working days this task can slip without moving the project&rsquo;s finish.</span>
    </p>
  );
}
