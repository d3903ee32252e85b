import {
  DndContext,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { GripVertical, UserRoundPen } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import type { ReassignRequest, RowPerson } from '../reassign';

/*
 * [workload-reassign] The view's ways to reassign a task: drag its row onto another person's row (mouse: after a
 * 4 px move, so a click still opens the task; touch: after holding it a quarter second still, so a swipe scrolls
 * the grid sideways instead), or its "Reassign to…" menu (the keyboard's way, and a phone's other one).
 */

/** What a dragged task row carries. */
interface DragTask {
  taskId: string;
  taskName: string;
  from: RowPerson;
}

/** A touch drag starts after the finger rests this long (and moves less than the tolerance): a swipe scrolls. */
export const TOUCH_PRESS_DELAY_MS = 250;
const TOUCH_TOLERANCE_PX = 8;

const dropId = (person: RowPerson) => `person:${person.userId ?? 'unassigned'}`;

/** The drag context of the grid: a drop on another row asks `onReassign`. */
export function ReassignDnd({ onReassign, children }: { onReassign: (request: ReassignRequest) => void; children: ReactNode }) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_PRESS_DELAY_MS, tolerance: TOUCH_TOLERANCE_PX } }),
  );
  const [dragging, setDragging] = useState<DragTask | null>(null);
  const nameOf = (data: unknown) => (data as RowPerson | undefined)?.name ?? 'nobody';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${(active.data.current as DragTask).taskName}.`,
    onDragOver: ({ active, over }) => (over ? `${(active.data.current as DragTask).taskName} is over ${nameOf(over.data.current)}.` : `${(active.data.current as DragTask).taskName} is over no one.`),
    onDragEnd: ({ active, over }) => (over ? `${(active.data.current as DragTask).taskName} was dropped on ${nameOf(over.data.current)}.` : `${(active.data.current as DragTask).taskName} was dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${(active.data.current as DragTask).taskName} was cancelled.`,
  };
  const onDragStart = ({ active }: DragStartEvent) => setDragging(active.data.current as DragTask);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const task = active.data.current as DragTask;
    const to = over?.data.current as RowPerson | undefined;
    if (to && to.userId !== task.from.userId) onReassign({ ...task, to: { userId: to.userId, name: to.name } });
  };
  return (
    <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)} accessibility={{ announcements }}>
      {children}
      <DragOverlay dropAnimation={null}>
        {dragging ? (
          <div className="inline-flex max-w-64 items-center gap-1 rounded-md border border-blue-600 bg-white px-2 py-1.5 text-sm font-medium text-slate-900 shadow-lg">
            <GripVertical aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
            <span className="truncate">{dragging.taskName}</span>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/** A person's row (or Unassigned) as a place to drop a task; marked while a task is over it. */
export function DropRow({ person, children }: { person: RowPerson; children: ReactNode }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: dropId(person), data: person });
  const mine = (active?.data.current as DragTask | undefined)?.from.userId === person.userId;
  return (
    <tr ref={setNodeRef} data-drop-over={isOver && !mine ? '' : undefined} className={cn('border-b border-slate-100', isOver && !mine && 'bg-blue-50 outline-2 -outline-offset-2 outline-blue-600')}>
      {children}
    </tr>
  );
}

/** A task row's grip and name: dragged from anywhere on them (the name's click still opens the task). */
export function DraggableTask({ taskId, taskName, from, children }: DragTask & { children: ReactNode }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: `task:${from.userId ?? 'unassigned'}:${taskId}`, data: { taskId, taskName, from } satisfies DragTask });
  return (
    // The menu beside it is the keyboard's way: the grip itself takes no focus.
    <div
      ref={setNodeRef}
      {...listeners}
      data-drag-task={taskId}
      title="Drag onto another person's row to reassign"
      className={cn('flex min-w-0 cursor-grab items-center gap-1 select-none [-webkit-touch-callout:none]', isDragging && 'opacity-50')}
    >
      <GripVertical aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
      {children}
    </div>
  );
}

/** "Reassign to…": every other row of the view. */
export function ReassignMenu({ taskId, taskName, from, people, onReassign }: DragTask & { people: readonly RowPerson[]; onReassign: (request: ReassignRequest) => void }) {
  const targets = people.filter((p) => p.userId !== from.userId);
  return (
    // Not modal: the grid around stays readable (a modal menu hides it from assistive tech while focus can reach it).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Reassign ${taskName} to…`}
        title="Reassign to…"
        className="inline-flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded text-slate-700 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
      >
        <UserRoundPen aria-hidden="true" className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className="z-[60] max-h-80 min-w-48 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-600">Reassign to…</DropdownMenu.Label>
          {targets.map((person) => (
            <DropdownMenu.Item
              key={person.userId ?? 'unassigned'}
              onSelect={() => onReassign({ taskId, taskName, from, to: person })}
              className="cursor-pointer rounded-sm px-2.5 py-2 text-sm text-slate-900 outline-none select-none data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-900"
            >
              {person.name}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
