import type { EmailDelivery, NotificationSettings } from '@planline/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { useNotificationSettings, useSaveNotificationSettings } from '../notification-settings.api';

const DELIVERIES: { value: EmailDelivery; label: string; detail: string }[] = [
  { value: 'off', label: 'Off', detail: 'Only in your inbox here' },
  { value: 'instant', label: 'At once', detail: 'An e-mail for each one' },
  { value: 'digest', label: 'Daily digest', detail: 'One e-mail a day of what is still unread' },
];

const KINDS: { key: keyof NotificationSettings; legend: string }[] = [
  { key: 'mentions', legend: 'When someone mentions you' },
  { key: 'other', legend: 'Everything else (comments, assignments, changes to your tasks)' },
];

function DeliveryChoice({
  name,
  legend,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  value: EmailDelivery;
  onChange: (value: EmailDelivery) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-900">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {DELIVERIES.map((d) => (
          <label
            key={d.value}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 transition-colors hover:bg-slate-50 has-checked:border-blue-600 has-checked:bg-blue-50 has-focus-visible:ring-2 has-focus-visible:ring-blue-600 has-disabled:cursor-not-allowed"
          >
            <input
              type="radio"
              name={name}
              value={d.value}
              checked={value === d.value}
              onChange={() => onChange(d.value)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-blue-600 focus-visible:outline-none"
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-900">{d.label}</span>
              <span className="block text-xs text-slate-600">{d.detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Issue 38: how the person is e-mailed about notifications, for mentions and for everything else: never, at once,
 * or in a daily digest of what is still unread. Each e-mail also carries a link that turns its kind off.
 */
export function NotificationEmailCard() {
  const id = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  // The person's unsaved choice; the stored one until they change something.
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const shown = draft ?? settings.data;
  const changed = !!draft && !!settings.data && (draft.mentions !== settings.data.mentions || draft.other !== settings.data.other);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft || !changed) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        toast({ title: 'E-mail settings saved' });
      },
    });
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>E-mail notifications</CardTitle>
        <CardDescription>
          Choose when we e-mail you about what happens in your projects. Everything also appears in your inbox.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <LoadingBlock label="Loading your e-mail settings" />
        ) : settings.isError || !shown ? (
          <ErrorBlock message="Your e-mail settings could not be loaded." onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
        ) : (
          <form onSubmit={onSubmit} aria-busy={save.isPending} className="space-y-5">
            {KINDS.map((kind) => (
              <DeliveryChoice
                key={kind.key}
                name={`${id}-${kind.key}`}
                legend={kind.legend}
                value={shown[kind.key]}
                onChange={(value) => {
                  save.reset();
                  setDraft({ ...shown, [kind.key]: value });
                }}
              />
            ))}
            {save.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {serverMessage(save.error) ?? 'Your e-mail settings could not be saved. Please try again.'}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={!changed || save.isPending}>
                {save.isPending ? 'Saving...' : 'Save e-mail settings'}
              </Button>
              {changed ? (
                <Button variant="ghost" onClick={() => setDraft(null)} disabled={save.isPending}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
