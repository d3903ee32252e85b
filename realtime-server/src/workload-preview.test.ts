import { randomUUID } from 'node:crypto';
import { projectDocumentName, rooms, type PresenceActivity } from '@planline/domain';
import { writeTask } from '@planline/document';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { COMPUTATIONS_BURST, COMPUTATIONS_PER_SECOND, TEAM_READS_BURST, TEAM_READS_PER_SECOND, WorkloadPreviews, type PreviewTeam } from './workload-preview.js';
import type { RealtimeIo } from './socket-server.js';

const projectId = randomUUID();
const document = projectDocumentName(projectId);
const taskId = randomUUID();
const ana = randomUUID();
const own = randomUUID();
const other = randomUUID();
const quiet = { info() {}, warn() {}, error() {} } as never;

function setup(readTeams = vi.fn(async (): Promise<PreviewTeam[]> => [
  { teamId: own, ownsProject: true, people: [{ userId: ana, hoursPerDay: 8, workingDays: null, daysOff: [] }] },
  { teamId: other, ownsProject: false, people: [{ userId: ana, hoursPerDay: 4, workingDays: null, daysOff: [] }] },
]), renewMs = 60_000) {
  const doc = new Y.Doc();
  // Mon 2 to Wed 4 March 2026, Ana at 50 %.
  doc.transact(() => writeTask(doc, taskId, { name: 'Weld', startDate: '2026-03-02', endDate: '2026-03-04', assigneeIds: [ana], allocations: { [ana]: 50 } }));
  const sent: { room: string; event: string; payload: Record<string, unknown> }[] = [];
  const io = { to: (room: string) => ({ emit: (event: string, payload: Record<string, unknown>) => sent.push({ room, event, payload }) }) } as unknown as RealtimeIo;
  const previews = new WorkloadPreviews(io, { documents: new Map([[document, doc]]) } as never, readTeams, quiet, { intervalMs: 40, renewMs });
  return { previews, sent, readTeams, doc };
}
const dragging = (startDate: string, endDate: string): PresenceActivity => ({ taskId, kind: 'dragging', preview: { startDate, endDate } });

describe('[workload-preview] a bar being dragged, sent to the workload views', () => {
  it('sends each team its own hours, by team room, and ends the preview where it was sent', async () => {
    const { previews, sent } = setup();
    const feed = previews.connection(ana);
    feed.activity(document, dragging('2026-03-03', '2026-03-05'));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toMatchObject({
      room: rooms.team(own),
      event: 'workload:preview',
      payload: { teamId: own, people: [{ userId: ana, runs: [{ from: '2026-03-02', to: '2026-03-02', hours: -4 }, { from: '2026-03-05', to: '2026-03-05', hours: 4 }] }] },
    });
    expect(sent[1]).toMatchObject({ room: rooms.team(other), payload: { teamId: other, people: [{ userId: ana, runs: [{ hours: -2 }, { hours: 2 }] }] } });
    // Hours only: nothing names the task, its project or who holds it.
    expect(JSON.stringify(sent)).not.toMatch(new RegExp(`${taskId}|${projectId}|Weld`));
    const previewId = sent[0]!.payload.previewId;
    feed.activity(document, null);
    expect(sent.slice(2)).toEqual([
      { room: rooms.team(own), event: 'workload:previewEnd', payload: { teamId: own, previewId } },
      { room: rooms.team(other), event: 'workload:previewEnd', payload: { teamId: other, previewId } },
    ]);
  });

  it('a flood of activity costs one computation per interval (the latest wins) and one read of the teams', async () => {
    const { previews, sent, readTeams } = setup();
    const feed = previews.connection(ana);
    const flood = (last: number) => {
      for (let day = 3; day <= last; day++) for (let i = 0; i < 50; i++) feed.activity(document, dragging(`2026-03-0${day}`, `2026-03-0${day}`));
    };
    const lastDay = () => (sent.filter((s) => s.room === rooms.team(own)).at(-1)!.payload as { people: { runs: { from: string }[] }[] }).people[0]!.runs.at(-1)!.from;
    flood(9);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(lastDay()).toBe('2026-03-09');
    // Another flood within the interval: one more computation, of its latest, once the interval is over.
    flood(6);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent.filter((s) => s.room === rooms.team(own))).toHaveLength(2);
    expect(lastDay()).toBe('2026-03-06');
    expect(readTeams).toHaveBeenCalledTimes(1);
  });

  it('a closed connection ends its preview; a drag that ended before its teams were read sends nothing', async () => {
    let answer: (teams: PreviewTeam[]) => void = () => {};
    const { previews, sent } = setup(vi.fn(() => new Promise<PreviewTeam[]>((resolve) => (answer = resolve))));
    const feed = previews.connection(ana);
    feed.activity(document, dragging('2026-03-03', '2026-03-05'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    feed.close();
    answer([{ teamId: own, ownsProject: true, people: [] }]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent).toEqual([]);

    const second = setup();
    const feed2 = second.previews.connection(ana);
    feed2.activity(document, { taskId, kind: 'resizing', preview: { endDate: '2026-03-06' } });
    await vi.waitFor(() => expect(second.sent).toHaveLength(2));
    feed2.close();
    expect(second.sent.slice(2).map((s) => s.event)).toEqual(['workload:previewEnd', 'workload:previewEnd']);
  });

  it('editing a bar’s name or a link being drawn is no preview', async () => {
    const { previews, sent, readTeams } = setup();
    const feed = previews.connection(ana);
    feed.activity(document, { taskId, kind: 'editing' });
    feed.activity(document, { taskId, kind: 'dragging' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent).toEqual([]);
    expect(readTeams).not.toHaveBeenCalled();
  });

  it('a bar held still is sent again while the drag lasts (views drop a preview not renewed), and no more once it ends', async () => {
    const { previews, sent, readTeams } = setup(undefined, 50);
    const feed = previews.connection(ana);
    feed.activity(document, dragging('2026-03-03', '2026-03-05'));
    await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(6), { timeout: 1000 });
    const ownSent = sent.filter((s) => s.room === rooms.team(own));
    // The same preview, again and again: same id, same hours.
    expect(new Set(ownSent.map((s) => s.payload.previewId)).size).toBe(1);
    expect(ownSent.every((s) => JSON.stringify(s.payload) === JSON.stringify(ownSent[0]!.payload))).toBe(true);
    // Held within the cache's time, the teams were read once.
    expect(readTeams).toHaveBeenCalledTimes(1);
    feed.activity(document, null);
    const ended = sent.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sent.length).toBe(ended);
    expect(sent.at(-1)!.event).toBe('workload:previewEnd');
  });

  it('a person with many connections has one budget of computations; someone else is not held up by it', async () => {
    const { previews, sent } = setup(undefined, 60_000);
    const started = performance.now();
    const feeds = Array.from({ length: 40 }, () => previews.connection(ana));
    for (const feed of feeds) feed.activity(document, dragging('2026-03-03', '2026-03-05'));
    const bo = previews.connection(randomUUID());
    bo.activity(document, dragging('2026-03-04', '2026-03-06'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const previewIds = new Set(sent.map((s) => s.payload.previewId));
    // Ana's drags wait for her budget; Bo's was sent at once.
    // (What the budget refilled meanwhile, on a busy machine, may have gone too.)
    expect(previewIds.size).toBeLessThanOrEqual(COMPUTATIONS_BURST + 1 + Math.ceil(((performance.now() - started) / 1000) * COMPUTATIONS_PER_SECOND));
    expect(previewIds.size).toBeGreaterThan(1);
    const bosRuns = sent.some((s) => JSON.stringify(s.payload).includes('"to":"2026-03-06"'));
    expect(bosRuns).toBe(true);
    for (const feed of [...feeds, bo]) feed.close();
  });

  it('drags switching among tasks of other people read their teams within the person’s budget of reads', async () => {
    const { previews, readTeams, doc } = setup(undefined, 60_000);
    const tasks = Array.from({ length: 15 }, () => randomUUID());
    doc.transact(() => {
      for (const id of tasks) writeTask(doc, id, { name: 'Cut', startDate: '2026-03-02', endDate: '2026-03-04', assigneeIds: [randomUUID()] });
    });
    const started = performance.now();
    const feeds = tasks.map(() => previews.connection(ana));
    feeds.forEach((feed, i) => feed.activity(document, { taskId: tasks[i]!, kind: 'dragging', preview: { startDate: '2026-03-03', endDate: '2026-03-05' } }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(readTeams.mock.calls.length).toBeLessThanOrEqual(TEAM_READS_BURST + Math.ceil(((performance.now() - started) / 1000) * TEAM_READS_PER_SECOND));
    expect(readTeams.mock.calls.length).toBeGreaterThan(1);
    for (const feed of feeds) feed.close();
  });
});
