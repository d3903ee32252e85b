import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_BUSY_FOR_SERVER, IMPORT_BUSY_UPLOADING, ImportSlots, type Release } from './import-slots.js';

/** [import-flood] The person's slots and the process's reading line (issue 37), on a fake clock. */
describe('[import-flood] ImportSlots', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('one slot per person, given back once however often released', () => {
    const slots = new ImportSlots(2, 1);
    const ana = slots.take('ana')!;
    expect(ana).toBeTypeOf('function');
    expect(slots.take('ana')).toBeNull();
    expect(slots.take('ben')).not.toBeNull();
    ana();
    ana();
    const again = slots.take('ana');
    expect(again).not.toBeNull();
    expect(slots.take('ana')).toBeNull();
  });

  it('reads two files at once; the third waits and is admitted, in order of arrival, when one is given back', async () => {
    const slots = new ImportSlots(2, 1, 4, 20_000);
    const first = await slots.read();
    await slots.read();
    const admitted: string[] = [];
    const third = slots.read().then((release) => (admitted.push('third'), release));
    const fourth = slots.read().then((release) => (admitted.push('fourth'), release));
    await vi.advanceTimersByTimeAsync(10);
    expect(admitted).toEqual([]);
    expect(slots.readingNow).toBe(2);

    first();
    first();
    await vi.advanceTimersByTimeAsync(0);
    expect(admitted).toEqual(['third']);
    expect(slots.readingNow).toBe(2);
    (await third)();
    await vi.advanceTimersByTimeAsync(0);
    expect(admitted).toEqual(['third', 'fourth']);
    (await fourth)();
    expect(slots.readingNow).toBe(1);
  });

  it('a newcomer does not overtake the line: a slot given back goes to the first waiting', async () => {
    const slots = new ImportSlots(1, 1, 4, 20_000);
    const holder = await slots.read();
    let waiterIn: Release | null = null;
    void slots.read().then((r) => (waiterIn = r));
    holder();
    // The newcomer arrives in the same tick as the hand-over: it queues behind.
    let newcomerIn = false;
    void slots.read().then(() => (newcomerIn = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(waiterIn).not.toBeNull();
    expect(newcomerIn).toBe(false);
  });

  it('a full line and a long wait answer 429 with a message to act on; a timed-out file leaves the line', async () => {
    const slots = new ImportSlots(1, 1, 1, 20_000);
    const holder = await slots.read();
    const waiting = slots.read();
    waiting.catch(() => undefined);
    await expect(slots.read()).rejects.toMatchObject({ code: 'too_many_requests', message: IMPORT_BUSY_FOR_SERVER, extra: { retryAfterSeconds: 5 } });
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(waiting).rejects.toMatchObject({ code: 'too_many_requests' });
    // The line is empty again: the next file waits instead of being refused, and gets in once the holder is done.
    const next = slots.read();
    holder();
    await expect(next).resolves.toBeTypeOf('function');
    expect(slots.readingNow).toBe(1);
  });

  it('file bytes: each request takes its chunks from the process share, refused past it, all given back once', () => {
    const slots = new ImportSlots(2, 1, 4, 20_000, 1000);
    const a = slots.fileBytes();
    const b = slots.fileBytes();
    expect(a.take(600)).toBe(true);
    expect(b.take(300)).toBe(true);
    expect(b.take(200)).toBe(false);
    expect(b.refusal()).toMatchObject({ code: 'too_many_requests', message: IMPORT_BUSY_UPLOADING, extra: { retryAfterSeconds: 5 } });
    expect(slots.bytesHeld).toBe(900);
    a.release();
    a.release();
    expect(slots.bytesHeld).toBe(300);
    expect(b.take(700)).toBe(true);
    b.release();
    expect(slots.bytesHeld).toBe(0);
  });
});
