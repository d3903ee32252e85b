import { CalendarPlus, CalendarX, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { CopyField } from '../../teams';
import { useCalendarFeedStatus, useCreateCalendarFeed, useRevokeCalendarFeed } from '../calendar-feed.api';

type Confirming = 'replace' | 'revoke' | null;

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: serverMessage(err) ?? 'Please try again.', variant: 'destructive' });

/**
 * Issue 37: the person's calendar subscription link. The server keeps only a hash of it, so the address is shown
 * right after it is made and never again; a lost link is replaced, which turns the old one off.
 */
export function CalendarFeedCard() {
  const status = useCalendarFeedStatus();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (link) => {
        setUrl(link.url);
        setConfirming(null);
      },
      onError: failed('Could not make a calendar link'),
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setConfirming(null);
        toast({ title: 'Calendar link turned off', description: 'Calendars subscribed to it stop getting updates.' });
      },
      onError: failed('Could not turn the calendar link off'),
    });

  const active = status.data?.active ?? false;
  const since = status.data?.createdAt ? new Date(status.data.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' }) : null;

  return (
    <Card role="region" aria-labelledby="calendar-feed-title">
      <CardHeader>
        <CardTitle id="calendar-feed-title">Calendar Feed</CardTitle>
        <CardDescription>
          See your tasks and the milestones of your projects in Google Calendar, Apple Calendar or Outlook. Subscribe to
          your private link and your calendar app keeps it up to date (most check every few hours).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <LoadingBlock label="Loading your calendar link" />
        ) : status.isError ? (
          <ErrorBlock message="Your calendar link could not be loaded." onRetry={() => void status.refetch()} retrying={status.isFetching} />
        ) : (
          <>
            {url ? (
              <div className="space-y-3">
                <CopyField id="calendar-feed-url" label="Your calendar link" value={url} copiedDescription="Paste it into your calendar app to subscribe." />
                <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                  Anyone with this link can see these tasks, so keep it to yourself. It is shown only now: copy it before
                  you leave this page.
                </p>
                <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
                  <li>Google Calendar: Other calendars, +, From URL.</li>
                  <li>Apple Calendar: File, New Calendar Subscription.</li>
                  <li>Outlook: Add calendar, Subscribe from web.</li>
                </ul>
              </div>
            ) : active ? (
              <p className="text-sm text-slate-700">
                Your calendar link is on{since ? ` (made ${since})` : ''}. For your privacy it cannot be shown again: make a
                new link to copy it, and the old one stops working.
              </p>
            ) : (
              <p className="text-sm text-slate-700">You have no calendar link.</p>
            )}
            <div className="flex flex-wrap gap-2">
              {active ? (
                <>
                  <Button variant="outline" onClick={() => setConfirming('replace')} disabled={create.isPending}>
                    <RefreshCw aria-hidden="true" className="h-4 w-4" />
                    Make a new link
                  </Button>
                  <Button variant="outline" onClick={() => setConfirming('revoke')} disabled={revoke.isPending}>
                    <CalendarX aria-hidden="true" className="h-4 w-4" />
                    Turn off link
                  </Button>
                </>
              ) : (
                <Button onClick={makeLink} disabled={create.isPending}>
                  <CalendarPlus aria-hidden="true" className="h-4 w-4" />
                  {create.isPending ? 'Making link...' : 'Make calendar link'}
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming === 'replace'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Make a new calendar link?"
        description="The link you have now stops working: calendars subscribed to it stop getting updates until you subscribe to the new one."
        confirmLabel="Make a new link"
        pendingLabel="Making link..."
        pending={create.isPending}
        onConfirm={makeLink}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Turn off your calendar link?"
        description="The link stops working at once. Calendars subscribed to it keep what they last read but get no more updates."
        confirmLabel="Turn off link"
        pendingLabel="Turning off..."
        pending={revoke.isPending}
        onConfirm={turnOff}
      />
    </Card>
  );
}
