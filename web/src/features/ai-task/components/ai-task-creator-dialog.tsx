import { AI_PROMPT_MAX_LENGTH, type Task } from '@planline/domain';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { canSubmitPrompt, promptFailureMessage } from '../ai-parsing';
import { useAiCreateTask } from '../ai-task.api';
import { AiTaskResult } from './ai-task-result';

export interface AiTaskCreatorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project the new task goes into. */
  projectId: string;
  /** Called with the created task, also when the dialog was closed before the answer came. */
  onCreated?: (task: Task) => void;
}

export const AI_PROMPT_PLACEHOLDER = 'e.g. Design review for Maria next Friday, high priority';

/**
 * The AI Task Creator (PRODUCT-SPEC §2, §7): a plain-language description becomes a task, and the dialog then
 * shows what was understood, with a warning when the person named could not be assigned.
 */
export function AiTaskCreatorDialog({ open, onOpenChange, projectId, onCreated }: AiTaskCreatorDialogProps) {
  const create = useAiCreateTask(projectId, onCreated);
  const { reset, isPending } = create;

  // Each opening starts from an empty prompt, unless a request from the last opening is still running.
  useEffect(() => {
    if (open && !isPending) reset();
    // Only an opening resets: the end of a request must not clear the result it has just shown.
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="AI Task Creator"
        description="Describe a task in your own words. Mention dates, a priority or a team member and they are filled in for you."
      >
        {create.isSuccess ? (
          <AiTaskResult result={create.data} onCreateAnother={reset} onDone={() => onOpenChange(false)} />
        ) : (
          <PromptForm
            pending={isPending}
            failure={create.isError ? promptFailureMessage(create.error) : null}
            onSubmit={(prompt) => create.mutate(prompt)}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface PromptFormProps {
  pending: boolean;
  /** Why the last prompt made no task ('asdf': please rephrase), shown beside the prompt to edit; null if none. */
  failure: string | null;
  onSubmit: (prompt: string) => void;
  onCancel: () => void;
}

function PromptForm({ pending, failure, onSubmit, onCancel }: PromptFormProps) {
  const id = useId();
  const [prompt, setPrompt] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const blank = !canSubmitPrompt(prompt);

  // Radix focuses the field when the dialog opens; after 'Create Another' the form comes back on its own.
  useEffect(() => field.current?.focus(), []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!blank && !pending) onSubmit(prompt);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
  };

  return (
    <form onSubmit={submit} aria-busy={pending} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-prompt`}>Describe the task</Label>
        <Textarea
          ref={field}
          id={`${id}-prompt`}
          rows={4}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={AI_PROMPT_PLACEHOLDER}
          maxLength={AI_PROMPT_MAX_LENGTH}
          // Read-only rather than disabled while waiting, so that focus stays in the field.
          readOnly={pending}
          aria-describedby={failure ? `${id}-failure ${id}-hint` : `${id}-hint`}
          aria-invalid={failure ? true : undefined}
          className="resize-y read-only:bg-slate-50"
        />
        <p id={`${id}-hint`} className="flex justify-between gap-4 text-xs text-slate-500">
          <span>To assign someone, write 'Maria to …', 'with Maria' or '@Maria'. Press Ctrl+Enter to create.</span>
          <span aria-hidden="true">
            {prompt.length}/{AI_PROMPT_MAX_LENGTH}
          </span>
        </p>
      </div>

      {failure && !pending ? (
        <p id={`${id}-failure`} role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {failure}
        </p>
      ) : (
        <p role="status" className="min-h-5 text-sm text-slate-600">
          {pending ? 'Reading your description and creating the task…' : null}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        {/* Blank: disabled (PRODUCT-SPEC §5). Waiting: aria-disabled, which keeps the focus on the button. */}
        <Button
          type="submit"
          disabled={blank}
          aria-disabled={pending || undefined}
          className="aria-disabled:cursor-wait aria-disabled:opacity-60"
        >
          {pending ? (
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
          ) : (
            <Sparkles aria-hidden="true" className="h-4 w-4" />
          )}
          {pending ? 'Creating…' : 'Create Task'}
        </Button>
      </div>
    </form>
  );
}
