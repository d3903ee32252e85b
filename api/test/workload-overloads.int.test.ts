import { workloadQuerySchema, type WorkloadAnswer } from '@planline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLOADS_BUDGET, OVERLOADS_BUSY_MESSAGE, OverloadsBudget } from '../src/features/workload/overloads-budget.js';
import { WorkloadService } from '../src/features/workload/workload.service.js';
import { createTask, joinedMember, startTestServer, teamWithOwner, type ClientUser } from './harness.js';

/**
 * [workload-overloads-cache] The chart's over-allocation read (only=overloads) is kept per team, range and load
 * version: after any edit it equals the whole workload's spans computed afresh; a repeat costs no computation; the
 * computation time a person or a team may spend is budgeted (429 with what to do and when).
 */
// The route's budget has the product's limits, on a clock and with a cost per computation the tests set: the
// computations here take a few ms, and what is tested is the charge of cheap and of expensive ones.
let clockMs = 0;
let computationCostMs = 0;
const server = await startTestServer({}, { overloadsBudget: new OverloadsBudget(OVERLOADS_BUDGET, { now: () => clockMs, cost: () => computationCostMs }) });
let owner: ClientUser;
let ana: ClientUser;
let ben: ClientUser;
let teamId: string;
let projectId: string;
let otherProjectId: string;
let otherOwner: ClientUser;
let otherTeamId: string;
const taskIds: string[] = [];
const RANGE = { from: '2026-11-30', to: '2027-01-31' };

beforeAll(async () => {
  const made = await teamWithOwner(server, 'Foundry');
  owner = made.owner;
  teamId = made.team.id;
  ana = await joinedMember(server, owner.client, teamId);
  ben = await joinedMember(server, owner.client, teamId);
  projectId = ((await owner.client.post('/api/projects', { name: 'Bell', teamId })).body as { id: string }).id;
  // Another team's project Ana is in and Ben cannot open: it loads Ana, and Ben sees none of its tasks.
  const other = await teamWithOwner(server, 'Kiln');
  otherOwner = other.owner;
  otherTeamId = other.team.id;
  const link = await other.owner.client.get(`/api/teams/${other.team.id}/invite-link?role=member`);
  expect((await ana.client.post('/api/teams/join', { token: new URL(link.body.inviteLink).searchParams.get('token') })).status).toBe(200);
  otherProjectId = ((await other.owner.client.post('/api/projects', { name: 'Glaze', teamId: other.team.id })).body as { id: string }).id;
  const people = [ana, ben];
  for (let i = 0; i < 6; i++) {
    const startDate = `2026-12-${String(7 + i).padStart(2, '0')}`;
    taskIds.push((await createTask(owner.client, { projectId, name: `Cast ${i}`, startDate, endDate: '2026-12-18', assigneeIds: [people[i % 2]!.user.id] })).id);
  }
  taskIds.push((await createTask(other.owner.client, { projectId: otherProjectId, name: 'Fire', startDate: '2026-12-07', endDate: '2026-12-09', assigneeIds: [ana.user.id] })).id);
});
afterAll(async () => {
  await server.stop();
});

const query = (only?: 'overloads') => workloadQuerySchema.parse({ ...RANGE, scale: 'month', ...(only ? { only } : {}) });
const spans = (answer: WorkloadAnswer) => answer.people.map((p) => [p.userId, p.overloads]);

/** A small deterministic sequence of numbers (the edits below are chosen by it: the same run every time). */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

describe('[workload-overloads-cache] the chart’s over-allocation read, kept per load version', () => {
  it('[workload-overloads-cache] after each edit (dates, assignments, capacity, a new task, a deletion) the kept spans equal a fresh computation, for each viewer', async () => {
    const service = new WorkloadService(server.dataSource);
    const fresh = new WorkloadService(server.dataSource);
    const next = numbers(35);
    const compare = async (step: string) => {
      for (const viewer of [owner, ben, ana]) {
        const kept = await service.teamWorkload(viewer.user.id, teamId, query('overloads'));
        const whole = await fresh.teamWorkload(viewer.user.id, teamId, query());
        expect(spans(kept), `${step}, read by ${viewer.user.email}`).toEqual(spans(whole));
        expect(kept.projects).toEqual(expect.arrayContaining(whole.projects));
        expect(kept.projects).toHaveLength(whole.projects.length);
      }
    };
    await compare('before any edit');
    expect(spans(await service.teamWorkload(owner.user.id, teamId, query('overloads'))).some(([, o]) => (o as unknown[]).length > 0)).toBe(true);
    const people = [ana, ben, owner];
    for (let step = 0; step < 10; step++) {
      const kind = step < 5 ? step : next(5);
      const id = taskIds[next(taskIds.length - 1)]!;
      if (kind === 0) {
        const start = 1 + next(20);
        const res = await owner.client.request('PATCH', `/api/tasks/${id}`, { startDate: `2026-12-${String(start).padStart(2, '0')}`, endDate: `2026-12-${String(start + next(8)).padStart(2, '0')}` });
        expect(res.status).toBe(200);
      } else if (kind === 1) {
        const res = await owner.client.request('PATCH', `/api/tasks/${id}`, { assignments: [{ userId: people[next(3)]!.user.id, allocation: 25 + next(150) }] });
        expect(res.status).toBe(200);
      } else if (kind === 2) {
        const who = people[next(2)]!;
        expect((await who.client.put(`/api/teams/${teamId}/members/${who.user.id}/capacity`, { hoursPerDay: 4 + next(6) })).status).toBe(200);
      } else if (kind === 3) {
        taskIds.splice(taskIds.length - 1, 0, (await createTask(owner.client, { projectId, name: `Added ${step}`, startDate: '2026-12-14', endDate: '2026-12-16', assigneeIds: [people[next(3)]!.user.id] })).id);
      } else if (taskIds.length > 3) {
        const [gone] = taskIds.splice(next(taskIds.length - 1), 1);
        expect((await owner.client.request('DELETE', `/api/tasks/${gone}`)).status).toBeLessThan(300);
      }
      await compare(`after edit ${step} (kind ${kind})`);
    }
  });

  it('[workload-overloads-cache] a repeat read computes nothing; an edit computes again (seen through a budget one computation puts in debt)', async () => {
    const one = { ...OVERLOADS_BUDGET, personBurstMs: 1_000 };
    const service = new WorkloadService(server.dataSource, undefined, new OverloadsBudget(one, { now: () => 0, cost: () => 1_500 }));
    const first = await service.teamWorkload(ben.user.id, teamId, query('overloads'));
    for (let i = 0; i < 5; i++) expect(spans(await service.teamWorkload(ben.user.id, teamId, query('overloads')))).toEqual(spans(first));
    // Another viewer reads the same kept spans, as they may see them.
    await service.teamWorkload(ana.user.id, teamId, query('overloads'));
    expect((await owner.client.request('PATCH', `/api/tasks/${taskIds[0]}`, { startDate: '2026-12-01', endDate: '2026-12-03' })).status).toBe(200);
    await expect(service.teamWorkload(ben.user.id, teamId, query('overloads'))).rejects.toMatchObject({ message: OVERLOADS_BUSY_MESSAGE });
  });

  it('[workload-overloads-cache] cheap computations are all served; expensive ones put a person in debt: 429 with what to do and when, kept answers and other people still served', async () => {
    const read = (viewer: ClientUser, to: string) => viewer.client.get(`/api/teams/${teamId}/workload?from=2026-12-01&to=${to}&scale=month&only=overloads`);
    // Each range is a computation of its own.
    const ends = (month: string) => Array.from({ length: 9 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);

    // A team of small projects: every edit's refetch computes again, at a few ms each. The old budget refused the 7th.
    computationCostMs = 5;
    const cheap = ends('2027-01');
    for (const to of cheap) expect((await read(ben, to)).status, `cheap read to ${to}`).toBe(200);

    // At 100,000 tasks a computation takes seconds: a few in a row, then the person is in debt and refused.
    computationCostMs = 4_000;
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof read>> | null = null;
    for (const to of ends('2027-02')) {
      const res = await read(ben, to);
      statuses.push(res.status);
      if (res.status === 429) {
        refused = res;
        break;
      }
    }
    // What was left of the burst after the cheap ones, spent 4 s at a time: the read that starts in debt is refused.
    const left = OVERLOADS_BUDGET.personBurstMs - cheap.length * 5;
    const served = Math.floor(left / computationCostMs) + 1;
    expect(statuses).toEqual([...Array<number>(served).fill(200), 429]);
    expect(refused?.body.message).toBe(OVERLOADS_BUSY_MESSAGE);
    // Retry-After: the seconds until the refill has paid the debt back.
    const debtMs = served * computationCostMs - left;
    const retryAfterSeconds = Math.ceil(debtMs / OVERLOADS_BUDGET.personMsPerSecond);
    expect(refused?.headers.get('retry-after')).toBe(String(retryAfterSeconds));
    expect(refused?.body.retryAfterSeconds).toBe(retryAfterSeconds);

    // A range already kept costs nothing: still answered.
    expect((await read(ben, cheap[0]!)).status).toBe(200);
    // Another person of the team has their own balance (the team's is larger).
    expect((await read(ana, '2027-03-01')).status).toBe(200);
    // A second short of paying back, still refused; once paid back, served again.
    clockMs += (retryAfterSeconds - 1) * 1000;
    expect((await read(ben, '2027-03-02')).status).toBe(429);
    clockMs += 1000;
    expect((await read(ben, '2027-03-02')).status).toBe(200);
  });

  it('[workload-overloads-cache] a task of another team’s project still assigned to someone who has left that team: its edits are seen', async () => {
    const service = new WorkloadService(server.dataSource);
    const fresh = new WorkloadService(server.dataSource);
    const fire = (await createTask(otherOwner.client, { projectId: otherProjectId, name: 'Fire again', startDate: '2026-12-14', endDate: '2026-12-15', assigneeIds: [ana.user.id] })).id;
    expect((await otherOwner.client.request('DELETE', `/api/teams/${otherTeamId}/members/${ana.user.id}`)).status).toBeLessThan(300);
    const kept = () => service.teamWorkload(owner.user.id, teamId, query('overloads'));
    const whole = () => fresh.teamWorkload(owner.user.id, teamId, query());
    expect(spans(await kept())).toEqual(spans(await whole()));
    expect((await otherOwner.client.request('PATCH', `/api/tasks/${fire}`, { startDate: '2026-12-21', endDate: '2026-12-24' })).status).toBe(200);
    expect(spans(await kept())).toEqual(spans(await whole()));
  });
});
