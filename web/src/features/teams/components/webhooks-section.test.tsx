import type { TeamSummary, Webhook } from '@planline/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AUTH_USER_KEY } from '../../auth';
import { webhooksKey } from '../webhooks.api';
import { WebhooksSection } from './webhooks-section';

const OWNER = crypto.randomUUID();
const team: TeamSummary = {
  id: crypto.randomUUID(),
  name: 'Apollo',
  teamCode: 'APOLLO',
  subscriptionStatus: 'active',
  trialEndsAt: null,
  ownerId: OWNER,
  subscriptionPlan: 'pro',
  effectivePlan: 'pro',
  role: 'owner',
} as TeamSummary;

// retryOnMount off: a server render would otherwise show a failed read as loading again.
const client = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, retryOnMount: false } } });
  queryClient.setQueryData(AUTH_USER_KEY, { id: OWNER, email: 'o@example.com', firstName: 'O', lastName: 'W' });
  return queryClient;
};
const render = (queryClient: QueryClient) =>
  renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <WebhooksSection team={team} enabled />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('[webhooks] the team webhooks section', () => {
  it('lists each endpoint with its events and status, the reason it was disabled, and labelled controls', () => {
    const queryClient = client();
    const hooks: Webhook[] = [
      { id: crypto.randomUUID(), url: 'https://a.example/hook', events: ['task.created'], createdAt: '2026-11-01T00:00:00Z', disabledAt: null, disabledReason: null, failingSince: null },
      {
        id: crypto.randomUUID(),
        url: 'https://b.example/hook',
        events: ['comment.created', 'member.joined'],
        createdAt: '2026-11-01T00:00:00Z',
        disabledAt: '2026-11-03T00:00:00Z',
        disabledReason: 'Disabled 2026-11-03 00:00 UTC: every delivery failed for a day (last: The endpoint answered 503)',
        failingSince: '2026-11-02T00:00:00Z',
      },
    ];
    queryClient.setQueryData(webhooksKey(team.id), hooks);
    const html = render(queryClient);
    expect(html).toContain('https://a.example/hook');
    expect(html).toContain('Active');
    expect(html).toContain('Disabled');
    expect(html).toContain('every delivery failed for a day');
    expect(html).toContain('comment.created, member.joined');
    expect(html).toContain('aria-label="Rotate the secret of https://b.example/hook"');
    expect(html).toContain('aria-label="Delete the webhook to https://a.example/hook"');
    expect(html).toMatch(/<label[^>]*for="[^"]+"[^>]*>Endpoint URL<\/label>/);
    expect(html).toContain('<legend');
    expect(html.match(/type="checkbox"/g)).toHaveLength(9);
    expect(html).toContain('aria-expanded="false"');
  });

  it('on the Free plan offers the upgrade, not an error', async () => {
    const queryClient = client();
    const body = { message: 'Webhooks are part of Pro: upgrade the team to send its events to other services.', requiredPlan: 'pro', teamOwnerId: OWNER, requiresUpgrade: true };
    await queryClient.prefetchQuery({ queryKey: webhooksKey(team.id), queryFn: () => Promise.reject(new Error(`402: ${JSON.stringify(body)}`)) });
    const html = render(queryClient);
    expect(html).toContain('Upgrade to Pro');
    expect(html).toContain('Webhooks are part of Pro');
    expect(html).not.toContain('Endpoint URL');
  });
});
