import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useDeleteTask } from '../tasks.api';

interface DeleteTaskDialogProps {
  projectId: string;
  task: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted: (taskId: string) => void;
}

/** The confirm before DELETE /api/tasks/{id}: deleting also removes the task's history, for everyone. */
export function DeleteTaskDialog({ projectId, task, onClose, onDeleted }: DeleteTaskDialogProps) {
  const deleteTask = useDeleteTask();
  const confirm = async () => {
    if (!task) return;
    try {
      await deleteTask.mutateAsync({ taskId: task.id, projectId });
      toast({ title: 'Task Deleted', description: task.name });
      onDeleted(task.id);
      onClose();
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      toast({ title: 'Error', description: serverMessage(err) ?? 'Failed to delete task', variant: 'destructive' });
    }
  };
  return (
    <Dialog open={task !== null} onOpenChange={(open) => !open && onClose()}>
      {task ? (
        <DialogContent title="Delete task?" description={`“${task.name}” and its change history will be deleted for everyone. This cannot be undone.`}>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void confirm()} disabled={deleteTask.isPending}>
              {deleteTask.isPending ? 'Deleting...' : 'Delete Task'}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
