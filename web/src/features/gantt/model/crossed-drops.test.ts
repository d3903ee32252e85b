import { describe, expect, it } from 'vitest';
import { CROSSED_DROP_WINDOW_MS, CrossedDropWatch } from './crossed-drops';

const bob = { id: 'b0b0b0b0-0000-4000-8000-000000000000', name: 'Bob', color: '#db2777' };
const me = 'a1a1a1a1-0000-4000-8000-000000000000';

function watch() {
  let now = 1_000;
  const w = new CrossedDropWatch(() => me, () => now);
  return { w, advance: (ms: number) => (now += ms) };
}

describe('[crossed-drops] telling the person whose drop was overwritten', () => {
  it('a teammate who held the bar overwriting our just-dropped dates is a crossing, once', () => {
    const { w, advance } = watch();
    w.held('t1', bob);
    w.dropped('t1', { startDate: '2026-11-24', endDate: '2026-11-26' });
    advance(300);
    const now = { startDate: '2026-11-27', endDate: '2026-11-29' };
    expect(w.remoteChange('t1', (f) => now[f as 'startDate'])).toEqual({ taskId: 't1', by: bob, mine: { startDate: '2026-11-24', endDate: '2026-11-26' } });
    expect(w.remoteChange('t1', (f) => now[f as 'startDate'])).toBeNull();
  });

  it('a change that leaves our values (another field, or the echo of ours) is not', () => {
    const { w } = watch();
    w.held('t1', bob);
    w.dropped('t1', { progress: 40 });
    expect(w.remoteChange('t1', () => 40)).toBeNull();
  });

  it('nobody held the bar (a server repair), or only we did: not a crossing', () => {
    const { w } = watch();
    w.dropped('t1', { progress: 40 });
    expect(w.remoteChange('t1', () => 0)).toBeNull();
    w.held('t2', { ...bob, id: me });
    w.dropped('t2', { progress: 40 });
    expect(w.remoteChange('t2', () => 0)).toBeNull();
  });

  it('a change long after our drop is an ordinary later edit', () => {
    const { w, advance } = watch();
    w.held('t1', bob);
    w.dropped('t1', { progress: 40 });
    advance(CROSSED_DROP_WINDOW_MS + 1);
    expect(w.remoteChange('t1', () => 70)).toBeNull();
  });
});
