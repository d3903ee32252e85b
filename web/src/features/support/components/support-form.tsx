import { supportRequestSchema, type SupportRequest } from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../lib/toast.store';

const EMPTY: SupportRequest = { name: '', email: '', subject: '', message: '' };

/** The landing page's support form: PRODUCT-SPEC §7 says it makes no call, it only confirms. */
export function SupportForm({ onSent }: { onSent: () => void }) {
  const form = useForm<SupportRequest>({ resolver: zodResolver(supportRequestSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(() => {
    toast({ title: 'Support Request Sent', description: "We'll get back to you within 24 hours." });
    form.reset(EMPTY);
    onSent();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id="support-name" label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </FormField>
      <FormField id="support-email" label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField id="support-subject" label="Subject" error={errors.subject?.message}>
        {(control) => <Input {...control} {...form.register('subject')} />}
      </FormField>
      <FormField id="support-message" label="Message" error={errors.message?.message}>
        {(control) => <Textarea {...control} rows={5} {...form.register('message')} />}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit">Send Message</Button>
      </div>
    </form>
  );
}
