import { API_TOKEN_NAME_MAX_LENGTH, type ApiToken, type ApiTokenScope } from '@planline/domain';
import { KeyRound, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { CopyField } from '../../teams';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api-tokens.api';

/** How long a new token lasts: the choices offered ('never': until revoked). */
const EXPIRIES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: 'One year' },
  { value: 'never', label: 'No expiry' },
] as const;

const SCOPES: { value: ApiTokenScope; label: string }[] = [
  { value: 'read', label: 'Read only' },
  { value: 'read-write', label: 'Read and write' },
];

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * Issue 40: the person's API tokens, for scripts and other tools that call the REST API as them. A token is shown
 * once, right after it is made (the server keeps only its hash); the list says what each is for, what it may do,
 * when it was last used and when it ends.
 */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]['value']>('90');
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const ids = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem('Name the token after what will use it, like "Reporting script"');
    setProblem(null);
    create.mutate(
      { name: trimmed, scope, expiresInDays: expiry === 'never' ? null : Number(expiry) },
      {
        onSuccess: (answer) => {
          setMade({ name: answer.token.name, secret: answer.secret });
          setName('');
        },
        onError: (err) => setProblem(serverMessage(err) ?? 'The token could not be made. Please try again.'),
      },
    );
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast({ title: `Token "${revoking.name}" revoked`, description: 'Anything still using it is refused from now on.' });
        setRevoking(null);
      },
      onError: (err) => toast({ title: 'Could not revoke the token', description: serverMessage(err) ?? 'Please try again.', variant: 'destructive' }),
    });
  };

  return (
    <Card role="region" aria-labelledby={`${ids}-title`}>
      <CardHeader>
        <CardTitle id={`${ids}-title`}>API Tokens</CardTitle>
        <CardDescription>
          Let a script or another tool use Planline's API as you, with <code className="text-xs">Authorization: Bearer &lt;token&gt;</code>.
          A token can do what you can in your teams and projects (only read, if you choose), never sign in, billing or tokens.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {made ? (
          <div className="space-y-3">
            <CopyField id={`${ids}-secret`} label={`Your new token "${made.name}"`} value={made.secret} copiedDescription="Keep it where your script reads its secrets." />
            <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              It is shown only now: copy it before you leave this page. Anyone with it can act as you, so keep it secret.
            </p>
            <Button variant="outline" size="sm" onClick={() => setMade(null)}>
              Done
            </Button>
          </div>
        ) : null}

        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end" aria-describedby={problem ? `${ids}-problem` : undefined}>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-name`}>Token name</Label>
            <Input
              id={`${ids}-name`}
              value={name}
              maxLength={API_TOKEN_NAME_MAX_LENGTH}
              onChange={(e) => setName(e.target.value)}
              placeholder="Reporting script"
              aria-invalid={problem !== null}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-scope`}>Access</Label>
            <Select value={scope} onValueChange={(v) => setScope(v as ApiTokenScope)}>
              <SelectTrigger id={`${ids}-scope`} className="w-full sm:w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SCOPES.map((s) => (
                  <SelectItem key={s.value} value={s.value}>
                    {s.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-expiry`}>Expires</Label>
            <Select value={expiry} onValueChange={(v) => setExpiry(v as typeof expiry)}>
              <SelectTrigger id={`${ids}-expiry`} className="w-full sm:w-32">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {EXPIRIES.map((e) => (
                  <SelectItem key={e.value} value={e.value}>
                    {e.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button type="submit" disabled={create.isPending}>
            <KeyRound aria-hidden="true" className="h-4 w-4" />
            {create.isPending ? 'Making token...' : 'Make token'}
          </Button>
          {problem ? (
            <p id={`${ids}-problem`} role="alert" className="text-sm text-red-600 sm:col-span-4">
              {problem}
            </p>
          ) : null}
        </form>

        {tokens.isPending ? (
          <LoadingBlock label="Loading your API tokens" />
        ) : tokens.isError ? (
          <ErrorBlock message="Your API tokens could not be loaded." onRetry={() => void tokens.refetch()} retrying={tokens.isFetching} />
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-slate-600">You have no API tokens.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Your API tokens">
            {tokens.data.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="font-medium text-slate-900">{token.name}</span>{' '}
                  <code className="text-xs text-slate-600">{token.hint}…</code>
                  <span className="block text-xs text-slate-600">
                    {token.scope === 'read' ? 'Read only' : 'Read and write'} · made {day(token.createdAt)} ·{' '}
                    {token.lastUsedAt ? `last used ${day(token.lastUsedAt)}` : 'never used'} ·{' '}
                    {token.expiresAt ? (new Date(token.expiresAt) <= new Date() ? `expired ${day(token.expiresAt)}` : `expires ${day(token.expiresAt)}`) : 'no expiry'}
                  </span>
                </span>
                <Button variant="outline" size="sm" onClick={() => setRevoking(token)} aria-label={`Revoke token ${token.name}`}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke the token "${revoking?.name ?? ''}"?`}
        description="It stops working at once: anything still using it is refused."
        confirmLabel="Revoke token"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}
