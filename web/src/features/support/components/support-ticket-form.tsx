import {
  SUPPORT_TICKET_RECEIVED_MESSAGE,
  supportTicketInputSchema,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TicketCategory,
  type TicketPriority,
} from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Send } from 'lucide-react';
import { useMemo, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormSelect } from '../../../components/ui/form-select';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { serverMessage } from '../../../lib/api-error';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { useAuth } from '../../auth';
import { useSubmitSupportTicket } from '../support.api';
import {
  contactPrefill,
  responseTargetText,
  SUPPORT_TICKET_FAILED_FALLBACK,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
} from '../support-ticket';

const FIELDS = ['name', 'email', 'subject', 'priority', 'category', 'message'] as const;

/**
 * The help centre's support ticket (PRODUCT-SPEC §3, §5): unlike the landing page's Contact Support form it is
 * sent to the server. A signed-in user's name and e-mail are filled in.
 */
export function SupportTicketForm() {
  const { user } = useAuth();
  const submitTicket = useSubmitSupportTicket();
  const defaults = useMemo(
    () => ({
      ...contactPrefill(user),
      subject: '',
      priority: 'medium' as TicketPriority,
      category: 'general' as TicketCategory,
      message: '',
    }),
    [user],
  );
  const form = useForm({ resolver: zodResolver(supportTicketInputSchema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const priority = form.watch('priority') ?? 'medium';

  const submit = form.handleSubmit(async (ticket) => {
    try {
      await submitTicket.mutateAsync(ticket);
      toast({ title: 'Support Request Sent', description: SUPPORT_TICKET_RECEIVED_MESSAGE });
      form.reset(defaults);
    } catch (err) {
      // A 429 (too many tickets) and a 400 both carry a message written for the reader.
      applyServerIssues(err, form.setError, FIELDS);
      toast({
        title: 'Submission Failed',
        description: serverMessage(err) ?? SUPPORT_TICKET_FAILED_FALLBACK,
        variant: 'destructive',
      });
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (isSubmitting) event.preventDefault();
    else void submit(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="ticket-name" label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" aria-required="true" {...form.register('name')} />}
        </FormField>
        <FormField id="ticket-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" aria-required="true" {...form.register('email')} />
          )}
        </FormField>
      </div>
      <FormField id="ticket-subject" label="Subject" error={errors.subject?.message}>
        {(control) => <Input {...control} aria-required="true" {...form.register('subject')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="ticket-priority" label="Priority" hint={responseTargetText(priority)} error={errors.priority?.message}>
          {(control) => (
            <FormSelect
              control={form.control}
              name="priority"
              field={control}
              options={TICKET_PRIORITIES.map((value) => ({ value, label: TICKET_PRIORITY_LABELS[value] }))}
            />
          )}
        </FormField>
        <FormField id="ticket-category" label="Category" error={errors.category?.message}>
          {(control) => (
            <FormSelect
              control={form.control}
              name="category"
              field={control}
              options={TICKET_CATEGORIES.map((value) => ({ value, label: TICKET_CATEGORY_LABELS[value] }))}
            />
          )}
        </FormField>
      </div>
      <FormField id="ticket-message" label="Message" error={errors.message?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            aria-required="true"
            placeholder="What happened, what you expected, and the project or team it concerns."
            {...form.register('message')}
          />
        )}
      </FormField>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">All fields are required.</p>
        {/* aria-disabled while sending keeps the focus here; a disabled button would drop it. */}
        <Button
          type="submit"
          aria-disabled={isSubmitting || undefined}
          className="aria-disabled:cursor-wait aria-disabled:opacity-60"
        >
          {isSubmitting ? (
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="h-4 w-4" />
          )}
          {isSubmitting ? 'Sending…' : 'Submit Ticket'}
        </Button>
      </div>
    </form>
  );
}
