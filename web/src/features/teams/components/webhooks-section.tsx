import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH, type TeamSummary, type Webhook, type WebhookEvent } from '@planline/domain';
import { ChevronDown, ChevronRight, RefreshCw, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { paymentRequired, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { useAuth } from '../../auth';
import { useCreateWebhook, useDeleteWebhook, useRotateWebhookSecret, useWebhookDeliveries, useWebhooks } from '../webhooks.api';
import { CopyField } from './copy-field';
import { ProFeatureUpgrade } from './pro-feature-upgrade';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Issue 40: the team's webhooks, for its owner and admins (Pro and above; Free is offered the upgrade). A secret is
 * shown once, after the endpoint is added or its secret rotated; each endpoint's recent deliveries open below it.
 */
export function WebhooksSection({ team, enabled }: { team: TeamSummary; enabled: boolean }) {
  const { user } = useAuth();
  const hooks = useWebhooks(team.id, enabled);
  const create = useCreateWebhook(team.id);
  const rotate = useRotateWebhookSecret(team.id);
  const remove = useDeleteWebhook(team.id);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['task.created', 'task.updated', 'task.deleted']);
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const ids = useId();

  const payment = paymentRequired(hooks.error);
  if (payment && user) return <ProFeatureUpgrade payment={payment} userId={user.id} teamId={team.id} titleId={`${ids}-upgrade`} heading="h3" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setProblem('Enter the URL your service receives webhooks at');
    if (!events.length) return setProblem('Choose at least one event to send');
    setProblem(null);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (answer) => {
          setSecret({ url: answer.webhook.url, value: answer.secret });
          setUrl('');
        },
        onError: (err) => setProblem(serverMessage(err) ?? 'The webhook could not be added. Please try again.'),
      },
    );
  };
  const toggle = (e: WebhookEvent) => setEvents((now) => (now.includes(e) ? now.filter((x) => x !== e) : [...now, e]));

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Send this team's events to another service as signed JSON. Verify each with its secret: the{' '}
        <code className="text-xs">Planline-Signature</code> header is <code className="text-xs">sha256=</code> the HMAC-SHA256 of{' '}
        <code className="text-xs">&lt;Planline-Timestamp&gt;.&lt;body&gt;</code>.
      </p>
      {secret ? (
        <div className="space-y-3">
          <CopyField id={`${ids}-secret`} label={`Signing secret for ${secret.url}`} value={secret.value} copiedDescription="Keep it where your service reads its secrets." />
          <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">It is shown only now: copy it before you close this.</p>
          <Button variant="outline" size="sm" onClick={() => setSecret(null)}>
            Done
          </Button>
        </div>
      ) : null}

      <form onSubmit={submit} className="space-y-3" aria-describedby={problem ? `${ids}-problem` : undefined}>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-url`}>Endpoint URL</Label>
          <Input
            id={`${ids}-url`}
            type="url"
            value={url}
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/planline-hook"
            aria-invalid={problem !== null}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Events</legend>
          <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((e) => (
              <label key={e} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="h-4 w-4" checked={events.includes(e)} onChange={() => toggle(e)} />
                <code className="text-xs">{e}</code>
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" size="sm" disabled={create.isPending}>
          <WebhookIcon aria-hidden="true" className="h-4 w-4" />
          {create.isPending ? 'Adding...' : 'Add webhook'}
        </Button>
        {problem ? (
          <p id={`${ids}-problem`} role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        ) : null}
      </form>

      {hooks.isPending ? (
        <LoadingBlock label="Loading the team's webhooks" />
      ) : hooks.isError ? (
        <ErrorBlock message={serverMessage(hooks.error) ?? "The team's webhooks could not be loaded."} onRetry={() => void hooks.refetch()} retrying={hooks.isFetching} />
      ) : hooks.data.length === 0 ? (
        <p className="text-sm text-slate-600">This team has no webhooks.</p>
      ) : (
        <ul aria-label="Webhooks" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {hooks.data.map((hook) => (
            <WebhookRow key={hook.id} teamId={team.id} hook={hook} onRotate={() => setRotating(hook)} onDelete={() => setDeleting(hook)} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => !open && setRotating(null)}
        title="Rotate this webhook's secret?"
        description="Deliveries are signed with the new secret from now on: the old one stops verifying at once. The new one is shown once."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating..."
        pending={rotate.isPending}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (answer) => {
              setSecret({ url: answer.webhook.url, value: answer.secret });
              setRotating(null);
            },
            onError: (err) => toast({ title: 'Could not rotate the secret', description: serverMessage(err) ?? 'Please try again.', variant: 'destructive' }),
          })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this webhook?"
        description={`Nothing more is sent to ${deleting?.url ?? ''}, and its delivery log goes with it.`}
        confirmLabel="Delete webhook"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (err) => toast({ title: 'Could not delete the webhook', description: serverMessage(err) ?? 'Please try again.', variant: 'destructive' }),
          })
        }
      />
    </div>
  );
}

function WebhookRow({ teamId, hook, onRotate, onDelete }: { teamId: string; hook: Webhook; onRotate: () => void; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const status = hook.disabledAt ? 'Disabled' : hook.failingSince ? `Failing since ${when(hook.failingSince)}` : 'Active';
  return (
    <li className="space-y-2 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 flex-1">
          <span className="block break-all font-medium text-slate-900">{hook.url}</span>
          <span className="block text-xs text-slate-600">
            <span className={hook.disabledAt ? 'font-semibold text-red-700' : hook.failingSince ? 'text-amber-800' : 'text-green-800'}>{status}</span> · {hook.events.join(', ')}
          </span>
          {hook.disabledReason ? <span className="block text-xs text-red-700">{hook.disabledReason}</span> : null}
        </span>
        <Button variant="outline" size="sm" onClick={onRotate} aria-label={`Rotate the secret of ${hook.url}`}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          Rotate secret
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete the webhook to ${hook.url}`}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </Button>
      </div>
      <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {open ? <ChevronDown aria-hidden="true" className="h-4 w-4" /> : <ChevronRight aria-hidden="true" className="h-4 w-4" />}
        Recent deliveries
      </Button>
      {open ? <Deliveries id={listId} teamId={teamId} webhookId={hook.id} /> : null}
    </li>
  );
}

function Deliveries({ id, teamId, webhookId }: { id: string; teamId: string; webhookId: string }) {
  const deliveries = useWebhookDeliveries(teamId, webhookId, true);
  if (deliveries.isPending) return <LoadingBlock label="Loading deliveries" />;
  if (deliveries.isError) return <ErrorBlock message="The deliveries could not be loaded." onRetry={() => void deliveries.refetch()} retrying={deliveries.isFetching} />;
  if (!deliveries.data.length) return <p id={id} className="text-xs text-slate-600">Nothing sent yet.</p>;
  return (
    <ul id={id} aria-label="Recent deliveries" className="space-y-1 text-xs">
      {deliveries.data.map((d) => (
        <li key={d.id} className="flex flex-wrap gap-x-2">
          <span className={d.status === 'delivered' ? 'text-green-800' : d.status === 'failed' ? 'text-red-700' : 'text-amber-800'}>{d.status}</span>
          <code>{d.event}</code>
          <span className="text-slate-600">{when(d.lastAttemptAt ?? d.createdAt)}</span>
          <span className="text-slate-600">{d.responseStatus !== null ? `HTTP ${d.responseStatus}` : 'no answer'}</span>
          {d.attempts > 1 ? <span className="text-slate-600">{d.attempts} attempts</span> : null}
          {d.error ? <span className="w-full text-slate-700">{d.error}</span> : null}
        </li>
      ))}
    </ul>
  );
}
