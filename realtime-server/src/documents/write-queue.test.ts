import { describe, expect, it } from 'vitest';
import { queued, WriteQueue, type Queued } from './write-queue.js';

const silent = { info() {}, warn() {}, error() {} };
type Item = Queued & { n: number };
const item = (n: number): Item => queued({ n });
const down = Object.assign(new Error('database away'), { unavailable: true });
const isUnavailable = (err: unknown) => (err as { unavailable?: boolean }).unavailable === true;

/** A queue over a fake store that records each call's changes and can be made to fail. */
function harness(fail: (changes: Item[]) => Error | null = () => null) {
  const calls: number[][] = [];
  const queue = new WriteQueue<Item>(
    async (changes) => {
      calls.push(changes.map((c) => c.n));
      await new Promise((r) => setTimeout(r, 5));
      const err = fail(changes);
      if (err) throw err;
    },
    silent,
    'p1',
    { retryDelaysMs: [1, 1], recoveryIntervalMs: 20, isUnavailable },
  );
  return { queue, calls };
}

describe('[write-turns] a project\'s writes, in turns', () => {
  it('changes queued while a turn writes go together in the next turn, in order', async () => {
    const { queue, calls } = harness();
    const items = [1, 2, 3, 4].map(item);
    queue.enqueue(items[0]!);
    await new Promise((r) => setTimeout(r, 1)); // the first turn is writing
    for (const i of items.slice(1)) queue.enqueue(i);
    await Promise.all(items.map((i) => i.stored));
    expect(calls).toEqual([[1], [2, 3, 4]]);
    expect(queue.last).toBe(items[3]);
  });

  it('one bad change is dropped alone: the others of its turn are stored and answered', async () => {
    const { queue, calls } = harness((changes) => (changes.some((c) => c.n === 2) ? new Error('bad row') : null));
    const [a, b, c] = [1, 2, 3].map(item);
    for (const i of [a!, b!, c!]) queue.enqueue(i);
    await expect(a!.stored).resolves.toBeUndefined();
    await expect(b!.stored).rejects.toThrow('bad row');
    await expect(c!.stored).resolves.toBeUndefined();
    // The turn (a try and two retries), then change by change: 1, then 2 (three tries), then 3.
    expect(calls).toEqual([[1, 2, 3], [1, 2, 3], [1, 2, 3], [1], [2], [2], [2], [3]]);
  });

  it('while the database is away changes are kept, answered with the failure, and stored in order once it is back', async () => {
    let away = true;
    const { queue, calls } = harness(() => (away ? down : null));
    const first = item(1);
    queue.enqueue(first);
    await expect(first.stored).rejects.toBe(down);
    const second = item(2);
    queue.enqueue(second);
    await expect(second.stored).rejects.toBe(down);
    away = false;
    // The recovery attempt stores both, the kept one first.
    await new Promise((r) => setTimeout(r, 80));
    expect(calls.at(-1)).toEqual([1, 2]);
    const third = item(3);
    queue.enqueue(third);
    await third.stored;
    expect(calls.at(-1)).toEqual([3]);
  });

  it('closing tries once more what an outage kept, and schedules nothing after', async () => {
    let away = true;
    const { queue, calls } = harness(() => (away ? down : null));
    const kept = item(7);
    queue.enqueue(kept);
    await expect(kept.stored).rejects.toBe(down);
    away = false;
    await queue.close();
    expect(calls.at(-1)).toEqual([7]);
    const before = calls.length;
    await new Promise((r) => setTimeout(r, 60));
    expect(calls.length).toBe(before);
  });
});

describe('[write-fairness] rests between turns are for other projects', () => {
  const TURN_MS = 100;
  /** A queue whose turns take TURN_MS each and record when they started and ended. */
  function timed(projectId: string) {
    const turns: { start: number; end: number; size: number }[] = [];
    const queue = new WriteQueue<Item>(
      async (changes) => {
        const start = performance.now();
        await new Promise((r) => setTimeout(r, TURN_MS));
        turns.push({ start, end: performance.now(), size: changes.length });
      },
      silent,
      projectId,
    );
    return { queue, turns };
  }
  const gaps = (turns: { start: number; end: number }[]) => turns.slice(1).map((t, i) => t.start - turns[i]!.end);

  it('a project alone writes its backlog turn after turn, without resting', async () => {
    const { queue, turns } = timed('alone');
    const items = Array.from({ length: 50 }, (_, i) => item(i));
    for (const i of items) queue.enqueue(i);
    await Promise.all(items.map((i) => i.stored));
    expect(turns.map((t) => t.size)).toEqual([20, 20, 10]);
    // A rest would be as long as the turn before it (TURN_MS).
    for (const gap of gaps(turns)) expect(gap).toBeLessThan(TURN_MS / 2);
  });

  it('while another project has a turn waiting, a flooding project rests as long as its last turn took', async () => {
    const flood = timed('flood');
    const other = timed('other');
    const items = Array.from({ length: 60 }, (_, i) => item(i));
    for (const i of items) flood.queue.enqueue(i);
    await new Promise((r) => setTimeout(r, TURN_MS / 2)); // the flood's first turn is writing
    const theirs = item(1000);
    other.queue.enqueue(theirs);
    await theirs.stored;
    // The other project's edit was stored before the flood's second turn began: it waited for one turn at most.
    expect(other.turns[0]!.start).toBeLessThan(flood.turns[1]?.start ?? Infinity);
    await Promise.all(items.map((i) => i.stored));
    expect(gaps(flood.turns)[0]).toBeGreaterThan(TURN_MS * 0.8);
  });
});
