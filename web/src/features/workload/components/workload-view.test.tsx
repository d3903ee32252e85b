import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { localToday, rangeFor, workloadKey, type TeamWorkload, type WorkloadPerson } from '../workload-view-model';
import { EMPTY_WORKLOAD, PersonRows, WorkloadView } from './workload-view';

const TEAM = crypto.randomUUID();
const OWNER = crypto.randomUUID();
const range = rangeFor('week', localToday());
const key = workloadKey(TEAM, 'week', range);

function person(name: string, userId: string | null, cells: [number, number][]): WorkloadPerson {
  return {
    userId,
    name,
    overloads: [],
    buckets: cells.map(([allocatedHours, capacityHours], i) => ({
      start: `2026-03-${String(2 + i * 7).padStart(2, '0')}`,
      end: `2026-03-${String(6 + i * 7).padStart(2, '0')}`,
      capacityHours,
      allocatedHours,
      tasks: allocatedHours > 0 ? [{ taskId: crypto.randomUUID(), projectId: crypto.randomUUID(), name: 'Design', hours: allocatedHours }] : [],
    })),
  };
}

function render(queryClient: QueryClient, userId = OWNER): string {
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <WorkloadView teamId={TEAM} teamName="Apollo" userId={userId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// retryOnMount off: a server render would otherwise show a failed read as loading again.
const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, retryOnMount: false } } });

describe('[workload-view] the workload view', () => {
  it('shows one row per person and Unassigned, each cell "allocated / capacity" with its level; over has an icon and words', () => {
    const queryClient = client();
    const workload: TeamWorkload = {
      teamId: TEAM,
      from: range.from,
      to: range.to,
      scale: 'week',
      people: [person('Ana Lee', crypto.randomUUID(), [[50, 40], [40, 40]])],
      unassigned: person('Unassigned', null, [[3, 0], [0, 0]]),
      projects: [],
    };
    queryClient.setQueryData(key, workload);
    const html = render(queryClient);
    expect(html).toContain('Ana Lee');
    expect(html).toContain('Unassigned');
    expect(html).toContain('50h / 40h');
    expect(html).toMatch(/aria-label="Ana Lee, Week of 2 Mar: 50 hours of 40, over capacity"[^>]*data-level="over"/);
    expect(html).toMatch(/aria-label="Ana Lee, Week of 9 Mar: 40 hours of 40, at capacity"[^>]*data-level="full"/);
    // The over cell carries an icon besides its colour; the full one does not.
    expect(html.match(/data-level="over"[^>]*><svg/g)).toHaveLength(2);
    expect(html).not.toMatch(/data-level="full"[^>]*><svg/);
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(2);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Week</);
  });

  it('[capacity-dialog] offers "Your capacity" on the viewer\'s own row only', () => {
    const queryClient = client();
    queryClient.setQueryData(key, {
      teamId: TEAM,
      from: range.from,
      to: range.to,
      scale: 'week',
      people: [person('Ana Lee', crypto.randomUUID(), [[8, 40]]), person('Me Myself', OWNER, [[8, 40]])],
      unassigned: person('Unassigned', null, [[0, 0]]),
      projects: [],
    } satisfies TeamWorkload);
    expect(render(queryClient).match(/aria-label="Your capacity"/g)).toHaveLength(1);
    expect(render(queryClient, crypto.randomUUID())).not.toContain('Your capacity');
  });

  it('says so when no one has work in the range', () => {
    const queryClient = client();
    queryClient.setQueryData(key, {
      teamId: TEAM,
      from: range.from,
      to: range.to,
      scale: 'week',
      people: [person('Ana Lee', crypto.randomUUID(), [[0, 40]])],
      unassigned: person('Unassigned', null, [[0, 0]]),
      projects: [],
    } satisfies TeamWorkload);
    expect(render(queryClient)).toContain(EMPTY_WORKLOAD);
  });

  it('on the Free plan shows the upgrade to the owner and "ask the owner" to others, not an error', async () => {
    const queryClient = client();
    const body = { message: 'The workload view is part of Pro: upgrade the team to see who is overloaded.', requiredPlan: 'pro', teamOwnerId: OWNER, requiresUpgrade: true };
    await queryClient.prefetchQuery({ queryKey: key, queryFn: () => Promise.reject(new Error(`402: ${JSON.stringify(body)}`)) });
    const owner = render(queryClient);
    expect(owner).toContain('Upgrade to Pro');
    expect(owner).toContain(`href="/upgrade?teamId=${TEAM}"`);
    expect(owner).not.toContain('role="alert"');
    const member = render(queryClient, crypto.randomUUID());
    expect(member).toContain('Please ask the team owner to upgrade.');
    expect(member).not.toContain('Upgrade to Pro');
  });

  it('shows any other failure with a way to try again', async () => {
    const queryClient = client();
    await queryClient.prefetchQuery({ queryKey: key, queryFn: () => Promise.reject(new Error('500: {"message":"Something went wrong"}')) });
    expect(render(queryClient)).toContain('role="alert"');
  });
});

describe('[workload-reassign] a person’s expanded tasks', () => {
  const ana = crypto.randomUUID();
  const taskId = crypto.randomUUID();
  const projectId = crypto.randomUUID();
  const people = [
    { userId: ana, name: 'Ana Lee' },
    { userId: crypto.randomUUID(), name: 'Ben Ode' },
    { userId: null, name: 'Unassigned' },
  ];
  const expanded = () => {
    const row = person('Ana Lee', ana, [[20, 40]]);
    row.buckets[0]!.tasks = [
      { taskId, projectId, name: 'Design', hours: 12 },
      { taskId: null, projectId: null, name: 'Other project', hours: 8 },
    ];
    return renderToString(
      <MemoryRouter>
        <table>
          <tbody>
            <PersonRows person={row} columns={['Week of 2 Mar']} projects={[{ id: projectId, name: 'Apollo' }]} people={people} onReassign={() => {}} open onToggle={() => {}} />
          </tbody>
        </table>
      </MemoryRouter>,
    );
  };

  it('offers "Reassign to…" and dragging on a task the viewer can open, not on "Other project"', () => {
    const html = expanded();
    expect(html.match(/aria-label="Reassign Design to…"/g)).toHaveLength(1);
    expect(html.match(/data-drag-task="/g)).toHaveLength(1);
    expect(html).toContain(`data-drag-task="${taskId}"`);
    expect(html).not.toContain('Reassign Other project');
    // The task still opens the chart (its name is a button), and the menu trigger is a real button for the keyboard.
    expect(html).toMatch(/<button type="button"[^>]*>Design<span[^>]*> · (<!-- -->)?Apollo<\/span><\/button>/);
    expect(html).toMatch(/<button[^>]*aria-haspopup="menu"[^>]*aria-label="Reassign Design to…"/);
  });
});
