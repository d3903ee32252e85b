import type { TaskFields } from '@planline/domain';
import type { PersistedChanges } from '@planline/realtime';
import { describe, expect, it } from 'vitest';
import { isRestoreReason, taskChangeDrafts } from './task-notices.js';

const ANA = 'a0000000-0000-4000-8000-000000000001';
const BEA = 'b0000000-0000-4000-8000-000000000002';
const CY = 'c0000000-0000-4000-8000-000000000003';

const task = (name: string, startDate: string, endDate: string, assigneeIds: string[] = []) =>
  ({ name, startDate, endDate, assigneeIds }) as unknown as TaskFields;

function change(parts: Partial<PersistedChanges['rows']> & { cascade?: [string, string][]; actorId?: string }): PersistedChanges {
  return {
    projectId: 'p',
    created: [],
    updated: [],
    deleted: [],
    dependenciesChanged: [],
    actorId: parts.actorId ?? ANA,
    reason: null,
    rows: { created: parts.created ?? [], updated: parts.updated ?? [], deleted: parts.deleted ?? [] },
    cascadeReasons: parts.cascade ? new Map(parts.cascade) : null,
  };
}

const texts = (edit: PersistedChanges[], watchers = new Map<string, string[]>(), stopped = new Set<string>()) => {
  const { drafts, userIds } = taskChangeDrafts(edit, 'Ana Silva', watchers, stopped);
  return Object.fromEntries(userIds.map((id, i) => [id, drafts[i]!.text]));
};

describe('[notification-texts] one edit as one notification per person', () => {
  it('names the cause of a cascade, the move in days either way, a resize and a deletion', () => {
    const moved = change({
      updated: [
        ['s', task('Sitemap', '2026-11-26', '2026-11-30'), ['startDate', 'endDate'], task('Sitemap', '2026-11-23', '2026-11-27')],
        ['w', task('Wireframes', '2026-12-03', '2026-12-07', [BEA]), ['startDate', 'endDate'], task('Wireframes', '2026-11-30', '2026-12-04', [BEA])],
      ],
      cascade: [['w', 'Moved by dependency on «Sitemap»']],
    });
    expect(texts([moved])).toEqual({ [BEA]: '«Wireframes» moved +3d because «Sitemap» moved — Ana Silva' });
    const back = change({ updated: [['w', task('W', '2026-11-28', '2026-12-02', [BEA]), ['startDate', 'endDate'], task('W', '2026-11-30', '2026-12-04', [BEA])]] });
    expect(texts([back])).toEqual({ [BEA]: '«W» moved −2d — Ana Silva' });
    const longer = change({ updated: [['w', task('W', '2026-11-30', '2026-12-06', [BEA]), ['endDate'], task('W', '2026-11-30', '2026-12-04', [BEA])]] });
    expect(texts([longer])).toEqual({ [BEA]: '«W» resized +2d — Ana Silva' });
    const gone = change({ deleted: [['w', task('W', '2026-11-30', '2026-12-04', [BEA, ANA])]] });
    expect(texts([gone])).toEqual({ [BEA]: '«W» deleted — Ana Silva' });
  });

  it('a cascade of 40 is one notification naming the first and the count; watchers count, the actor and stopped watchers do not', () => {
    const updated: PersistedChanges['rows']['updated'][number][] = [];
    const cascade: [string, string][] = [];
    for (let i = 0; i < 40; i++) {
      updated.push([`t${i}`, task(`Page ${i}`, '2026-12-07', '2026-12-11', [BEA, ANA]), ['startDate', 'endDate'], task(`Page ${i}`, '2026-11-30', '2026-12-04', [BEA, ANA])]);
      cascade.push([`t${i}`, 'Moved by dependency on «Sitemap»']);
    }
    const result = texts([change({ updated, cascade })], new Map([['t5', [CY]]]), new Set([`t5|${BEA}`]));
    expect(result).toEqual({
      [BEA]: '«Page 0» moved +7d because «Sitemap» moved, and 38 more — Ana Silva',
      [CY]: '«Page 5» moved +7d because «Sitemap» moved — Ana Silva',
    });
  });

  it('being assigned outranks a change to the same person, over the edit’s consecutive changes', () => {
    const assign = change({ updated: [['w', task('W', '2026-11-30', '2026-12-04', [BEA, CY]), ['assigneeIds'], task('W', '2026-11-30', '2026-12-04', [CY])]] });
    const move = change({ updated: [['w', task('W', '2026-12-01', '2026-12-05', [BEA, CY]), ['startDate', 'endDate'], task('W', '2026-11-30', '2026-12-04', [BEA, CY])]] });
    expect(texts([assign, move])).toEqual({ [BEA]: 'Ana Silva assigned you to «W»', [CY]: '«W» moved +1d — Ana Silva' });
    expect(isRestoreReason('Restored to 23 Nov 14:05')).toBe(true);
    expect(isRestoreReason('Levelled: Ana over-allocated 23-24 Nov')).toBe(false);
  });
});
