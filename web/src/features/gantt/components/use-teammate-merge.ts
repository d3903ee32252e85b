import type { TaskEditFormInput, TaskHistoryEntry } from '@planline/domain';
import { useEffect, useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { mergeField, mergeFields } from '../../../lib/teammate-merge';
import { historyValue } from '../model/history-format';
import {
  changedBy,
  historyFieldOf,
  mergeShares,
  recordedText,
  shareChangedBy,
  sharesOf,
  TASK_EDIT_FIELDS,
  taskFormValues,
  withShare,
  type EditableTask,
  type TaskEditField,
} from '../model/task-edit-values';
import type { Person } from './timeline-context';

export interface TeammateNote {
  who: string | null;
  value: string;
  conflict: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * Keeps Edit Task in step with the live task while it is open: a field the person has not touched takes a
 * teammate's value in place (and becomes the base Save compares with, so it is not sent back); a field both
 * changed is a conflict the person resolves. Returns each changed field's note and the unresolved conflicts, and
 * the same for the other assignees' shares (by user id), which follow the same rules.
 */
export function useTeammateMerge(
  form: UseFormReturn<TaskEditFormInput>,
  task: EditableTask,
  history: readonly TaskHistoryEntry[] | undefined,
  people: readonly Person[],
  rolledUp: ReadonlySet<TaskEditField>,
) {
  const theirs = useMemo(() => taskFormValues(task), [task]);
  const [opened] = useState(theirs);
  // What the person started each field from: the task at opening, or a teammate's value taken since.
  const [base, setBase] = useState(theirs);
  const mine = form.watch();

  const adopt = (field: TaskEditField) => setBase((b) => ({ ...b, [field]: theirs[field] }));
  const adoptShare = (userId: string, share: number) => setBase((b) => withShare(b, userId, share));
  useEffect(() => {
    const current = form.getValues();
    const merged = mergeFields(TASK_EDIT_FIELDS, base, current, theirs);
    for (const field of TASK_EDIT_FIELDS) {
      if (merged[field] === 'follow' || merged[field] === 'converged') {
        form.resetField(field, { defaultValue: theirs[field] });
        adopt(field);
      }
    }
    // The other assignees' shares follow the same rules, each a field of its own.
    for (const share of mergeShares(base, current, theirs)) {
      if (share.merge === 'follow' || share.merge === 'converged') {
        form.resetField(`otherAllocations.${share.index}.allocation`, { defaultValue: share.theirs });
        adoptShare(share.userId, share.theirs);
      }
    }
    // Only a new live task calls for merging; `base` changes through this effect and the person's choices.
  }, [theirs]);

  const peopleById = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);
  const notes: Partial<Record<TaskEditField, TeammateNote>> = {};
  const conflicts: TaskEditField[] = [];
  for (const field of TASK_EDIT_FIELDS) {
    const conflict = mergeField(base[field], mine[field], theirs[field]) === 'conflict';
    if (conflict) conflicts.push(field);
    if (!conflict && (Object.is(theirs[field], opened[field]) || rolledUp.has(field))) continue;
    const value = theirs[field];
    notes[field] = {
      who: changedBy(history, field, value),
      value: historyValue(historyFieldOf(field), recordedText(field, value), peopleById),
      conflict,
      // Theirs becomes the base: the person's value stays, differs from it, and is what Save sends.
      onKeepMine: () => {
        const kept = form.getValues(field);
        form.resetField(field, { defaultValue: value });
        form.setValue(field, kept, { shouldDirty: true });
        adopt(field);
      },
      onTakeTheirs: () => {
        form.resetField(field, { defaultValue: value });
        adopt(field);
      },
    };
  }
  // [form-merge] Each other assignee's share: noted like a field when a teammate changed it, a choice when both did.
  const openedShares = sharesOf(opened);
  const shareNotes = new Map<string, TeammateNote>();
  const shareConflicts: string[] = [];
  for (const { userId, index, merge, theirs: share } of mergeShares(base, mine, theirs)) {
    const conflict = merge === 'conflict';
    if (conflict) shareConflicts.push(userId);
    if (!conflict && Object.is(share, openedShares.get(userId))) continue;
    const path = `otherAllocations.${index}.allocation` as const;
    shareNotes.set(userId, {
      who: shareChangedBy(history, userId, share),
      value: `${share}%`,
      conflict,
      onKeepMine: () => {
        const kept = form.getValues(path);
        form.resetField(path, { defaultValue: share });
        form.setValue(path, kept, { shouldDirty: true });
        adoptShare(userId, share);
      },
      onTakeTheirs: () => {
        form.resetField(path, { defaultValue: share });
        adoptShare(userId, share);
      },
    });
  }
  return { notes, conflicts, shareNotes, shareConflicts, base };
}
