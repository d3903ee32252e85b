import type { BaselineSummary } from '@planline/domain';
import { useEffect, useMemo } from 'react';
import { errorStatus } from '../../../lib/api-error';
import { useBaseline, useBaselines } from '../../baselines';
import { shownBaseline, type ShownBaseline } from './baseline';
import { useTimelineView } from './timeline-view.store';

export interface ChartBaseline {
  /** The project's baselines, newest first; undefined while loading. */
  list: readonly BaselineSummary[] | undefined;
  /** The baseline chosen for this project (view store), whether or not its tasks have arrived. */
  chosenId: string | null;
  /** The chosen baseline once its tasks have arrived. */
  shown: ShownBaseline | null;
  /** Re-reads the list: teammates may have saved or deleted some since (reads are never stale on their own). */
  refresh: () => void;
}

/**
 * The baseline the chart shows for a project: the one remembered for it, read once (a baseline never changes).
 * A remembered one that is gone (deleted here or by a teammate) is forgotten.
 */
export function useChartBaseline(projectId: string): ChartBaseline {
  const chosenId = useTimelineView((s) => s.baselineByProject[projectId] ?? null);
  const showBaseline = useTimelineView((s) => s.showBaseline);
  const list = useBaselines(projectId);
  const detail = useBaseline(projectId, chosenId);
  const gone = (list.isSuccess && chosenId !== null && !list.data.some((b) => b.id === chosenId)) || errorStatus(detail.error) === 404;
  useEffect(() => {
    if (gone) showBaseline(projectId, null);
  }, [gone, projectId, showBaseline]);
  const data = !gone && detail.data?.id === chosenId ? detail.data : undefined;
  const shown = useMemo(() => (data ? shownBaseline(data) : null), [data]);
  return { list: list.data, chosenId: gone ? null : chosenId, shown, refresh: () => void list.refetch() };
}
