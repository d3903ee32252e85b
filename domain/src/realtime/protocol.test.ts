import { describe, expect, it } from 'vitest';
import { MAX_LINK_DRAFT_DAYS, MAX_PRESENCE_STATE_BYTES, presenceStateSchema } from './protocol.js';

const user = { id: '0f0e0d0c-0b0a-4908-8706-050403020100', name: 'Ada Lovelace', color: '#2563eb' };
const taskId = '11111111-2222-4333-8444-555555555555';
const target = '66666666-7777-4888-8999-aaaaaaaaaaaa';
const linking = (link: unknown) => ({ user, activity: { taskId, kind: 'linking', link } });

describe('presence state', () => {
  it('[presence-link] a link being drawn names its bar, its end, the pointer in days and rows, and the bar under it', () => {
    const state = linking({ side: 'end', targetTaskId: target, days: 2.25, rows: -1.5 });
    expect(presenceStateSchema.parse(state)).toEqual(state);
    expect(presenceStateSchema.safeParse(linking({ side: 'start', targetTaskId: null, days: -MAX_LINK_DRAFT_DAYS, rows: 0 })).success).toBe(true);
    // Within the size every state must keep, with the longest name.
    expect(JSON.stringify({ ...state, user: { ...user, name: 'x'.repeat(200) } }).length).toBeLessThan(MAX_PRESENCE_STATE_BYTES);
  });

  it('[presence-link] a draft that is not a place on the chart does not parse, nor one mixed with a bar preview', () => {
    const good = { side: 'end', targetTaskId: null, days: 1, rows: 1 };
    for (const link of [
      undefined,
      { ...good, side: 'middle' },
      { ...good, targetTaskId: 'not-a-task' },
      { ...good, days: Number.POSITIVE_INFINITY },
      { ...good, days: MAX_LINK_DRAFT_DAYS + 1 },
      { ...good, rows: Number.NaN },
      { ...good, rows: '3' },
    ]) {
      expect(presenceStateSchema.safeParse(linking(link)).success).toBe(false);
    }
    // A bar's kinds keep their own shape: a link does not ride along on a drag, and a preview is not a link.
    const dragging = presenceStateSchema.parse({ user, activity: { taskId, kind: 'dragging', link: good, preview: { progress: 10 } } });
    expect(dragging.activity).toEqual({ taskId, kind: 'dragging', preview: { progress: 10 } });
    const drawing = presenceStateSchema.parse({ user, activity: { taskId, kind: 'linking', link: good, preview: { progress: 10 } } });
    expect(drawing.activity).toEqual({ taskId, kind: 'linking', link: good });
  });
});
