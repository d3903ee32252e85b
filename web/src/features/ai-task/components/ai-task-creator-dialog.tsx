import { AI_PROMPT_MAX_LENGTH, type Task } from '@planline/domain';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { useProjectPeople } from '../../projects';
import { canSubmitPrompt, confirmedTask, promptFailureMessage } from '../ai-parsing';
import { useAiPreview, useConfirmAiTask } from '../ai-task.api';
import { AiTaskPreview } from './ai-task-preview';

export interface AiTaskCreatorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project the new task goes into. */
  projectId: string;
  /** Called with the created task, also when the dialog was closed before the answer came. */
  onCreated?: (task: Task) => void;
}

export const AI_PROMPT_PLACEHOLDER = 'e.g. Maria to draft the sitemap by next Friday, high priority';

/**
 * The AI Task Creator (PRODUCT-SPEC §2, §7), in two steps: the description is read (POST /api/tasks/ai-preview,
 * nothing created), then what was understood is shown as a form to correct; only its Create Task makes the task.
 * Step 'describe' → Preview Task → 'review' → Create Task → closed; 'Edit description' goes back with the prompt kept.
 */
export function AiTaskCreatorDialog({ open, onOpenChange, projectId, onCreated }: AiTaskCreatorDialogProps) {
  const [prompt, setPrompt] = useState('');
  const [step, setStep] = useState<'describe' | 'review'>('describe');
  const preview = useAiPreview(projectId);
  const people = useProjectPeople(open ? projectId : null);
  const confirm = useConfirmAiTask(onCreated);

  // Each opening starts from an empty description, unless a creation from the last opening is still running.
  useEffect(() => {
    if (!open || confirm.isPending) return;
    setPrompt('');
    setStep('describe');
    preview.reset();
    confirm.reset();
    // Only an opening resets: the end of a request must not clear what it has just shown.
  }, [open]);

  const read = (text: string) =>
    preview.mutate(text, {
      onSuccess: () => {
        confirm.reset();
        setStep('review');
      },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="AI Task Creator"
        description="Describe a task in your own words. You will see what was understood, and can correct it, before the task is created."
      >
        {step === 'review' && preview.data ? (
          <AiTaskPreview
            // A new reading starts a new form.
            key={preview.submittedAt}
            preview={preview.data}
            people={people.data ?? []}
            pending={confirm.isPending}
            error={confirm.error}
            failure={confirm.isError ? promptFailureMessage(confirm.error) : null}
            onConfirm={(values) =>
              preview.data && confirm.mutate(confirmedTask(projectId, preview.data, values), { onSuccess: () => onOpenChange(false) })
            }
            onBack={() => setStep('describe')}
          />
        ) : (
          <PromptForm
            prompt={prompt}
            onPromptChange={setPrompt}
            pending={preview.isPending}
            failure={preview.isError ? promptFailureMessage(preview.error) : null}
            onSubmit={read}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface PromptFormProps {
  prompt: string;
  onPromptChange: (prompt: string) => void;
  pending: boolean;
  /** Why the last prompt made no task ('asdf': please rephrase), shown beside the prompt to edit; null if none. */
  failure: string | null;
  onSubmit: (prompt: string) => void;
  onCancel: () => void;
}

function PromptForm({ prompt, onPromptChange, pending, failure, onSubmit, onCancel }: PromptFormProps) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const blank = !canSubmitPrompt(prompt);

  // Radix focuses the field when the dialog opens; after 'Edit description' the form comes back on its own.
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
          onChange={(event) => onPromptChange(event.target.value)}
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
          <span>To assign someone, write 'Maria to …', 'with Maria' or '@Maria'. Press Ctrl+Enter to preview.</span>
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
          {pending ? 'Reading your description…' : null}
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
          {pending ? 'Reading…' : 'Preview Task'}
        </Button>
      </div>
    </form>
  );
}
