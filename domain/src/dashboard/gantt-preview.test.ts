import { describe, expect, it } from 'vitest';
import { ganttPreview, ganttPreviewSpan, previewBar, previewBarTone } from './gantt-preview.js';
import { makeTask, makeTasks } from './widget.fixtures.js';

const today = '2026-03-10';
const project = { startDate: '2026-03-01', endDate: '2026-03-10' }; // 10 days

describe('gantt preview', () => {
  it('[gantt-preview-span] spans the project start to end, both days included', () => {
    expect(ganttPreviewSpan(project, today)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-10', days: 10 });
  });

  it('[gantt-preview-span] defaults to today .. today + 30 without project dates', () => {
    expect(ganttPreviewSpan(null, today)).toEqual({ startDate: '2026-03-10', endDate: '2026-04-09', days: 31 });
    expect(ganttPreviewSpan({ startDate: null, endDate: null }, today).days).toBe(31);
    expect(ganttPreviewSpan({ startDate: '2026-03-01', endDate: null }, today)).toEqual({ startDate: '2026-03-01', endDate: '2026-04-09', days: 40 });
    expect(ganttPreviewSpan({ startDate: null, endDate: '2026-03-20' }, today)).toEqual({ startDate: '2026-03-10', endDate: '2026-03-20', days: 11 });
  });

  it('[gantt-preview-span] is at least 1 day', () => {
    expect(ganttPreviewSpan({ startDate: '2026-03-05', endDate: '2026-03-05' }, today).days).toBe(1);
    expect(ganttPreviewSpan({ startDate: '2026-03-05', endDate: '2026-03-01' }, today)).toEqual({ startDate: '2026-03-05', endDate: '2026-03-05', days: 1 });
  });

  it('[gantt-preview-span] counts calendar days across a DST change', () => {
    expect(ganttPreviewSpan({ startDate: '2026-03-28', endDate: '2026-04-03' }, today).days).toBe(7);
  });

  it('[gantt-preview-bars] positions bars by start and end relative to the span', () => {
    const span = ganttPreviewSpan(project, today);
    const bar = previewBar(makeTask({ startDate: '2026-03-03', endDate: '2026-03-07', progress: 40 }), span);
    expect(bar.leftPct).toBeCloseTo(20);
    expect(bar.widthPct).toBeCloseTo(50);
    expect(bar).toMatchObject({ cutStart: false, cutEnd: false, progress: 40 });
    const whole = previewBar(makeTask({ startDate: '2026-03-01', endDate: '2026-03-10' }), span);
    expect([whole.leftPct, whole.widthPct]).toEqual([0, 100]);
    const oneDay = previewBar(makeTask({ startDate: '2026-03-10', endDate: '2026-03-10' }), span);
    expect(oneDay.leftPct).toBeCloseTo(90);
    expect(oneDay.widthPct).toBeCloseTo(10);
  });

  it('[gantt-preview-bars] cuts bars at the span edges', () => {
    const span = ganttPreviewSpan(project, today);
    const early = previewBar(makeTask({ startDate: '2026-02-20', endDate: '2026-03-02' }), span);
    expect(early).toMatchObject({ leftPct: 0, cutStart: true, cutEnd: false });
    expect(early.widthPct).toBeCloseTo(20);
    const late = previewBar(makeTask({ startDate: '2026-03-09', endDate: '2026-04-30' }), span);
    expect(late).toMatchObject({ cutStart: false, cutEnd: true });
    expect(late.leftPct + late.widthPct).toBeCloseTo(100);
    expect(early.outside).toBeNull();
    expect(late.outside).toBeNull();
    const outside = previewBar(makeTask({ startDate: '2026-05-01', endDate: '2026-05-03' }), span);
    expect(outside).toMatchObject({ leftPct: 100, widthPct: 0, cutEnd: true, outside: 'after' });
    const clampedProgress = previewBar(makeTask({ progress: 140 }), span);
    expect(clampedProgress.progress).toBe(100);
  });

  it('[gantt-preview-bars] a task wholly outside the span gets no bar, only which side it lies on', () => {
    const span = ganttPreviewSpan(project, today); // 2026-03-01 … 2026-03-10
    const ended = previewBar(makeTask({ startDate: '2026-02-10', endDate: '2026-02-28', progress: 60 }), span);
    expect(ended).toMatchObject({ outside: 'before', widthPct: 0 });
    expect(previewBar(makeTask({ startDate: '2026-03-11', endDate: '2026-03-12' }), span).outside).toBe('after');
    // Touching the span by a single day is inside.
    expect(previewBar(makeTask({ startDate: '2026-02-10', endDate: '2026-03-01' }), span).outside).toBeNull();
    expect(previewBar(makeTask({ startDate: '2026-03-10', endDate: '2026-03-20' }), span).outside).toBeNull();
  });

  it('[gantt-preview-colours] completed green, in progress blue (both spellings), blocked red, others default', () => {
    expect(previewBarTone('completed')).toBe('completed');
    expect(previewBarTone('in_progress')).toBe('in-progress');
    expect(previewBarTone('in-progress')).toBe('in-progress');
    expect(previewBarTone('blocked')).toBe('blocked');
    expect(previewBarTone('pending')).toBe('pending');
    expect(previewBarTone('whatever')).toBe('default');
  });

  it('[widget-sizes] gantt preview shows the first 3/6/10 tasks with both dates', () => {
    const tasks = makeTasks(12, (i) => ({ name: `T${i}` }));
    const names = (size: 'small' | 'medium' | 'large') => ganttPreview(tasks, project, today, size).bars.map((b) => b.task.name);
    expect(names('small')).toEqual(['T0', 'T1', 'T2']);
    expect(names('medium')).toEqual(['T0', 'T1', 'T2', 'T3', 'T4', 'T5']);
    expect(names('large')).toEqual(['T0', 'T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9']);
  });

  it('[gantt-preview] skips tasks without both dates; the link shows only when more dated tasks exist', () => {
    const tasks = [
      makeTask({ name: 'a' }),
      { ...makeTask({ name: 'no start' }), startDate: '' },
      { ...makeTask({ name: 'no end' }), endDate: null as never },
      makeTask({ name: 'b' }),
      makeTask({ name: 'c' }),
    ];
    const small = ganttPreview(tasks, project, today, 'small');
    expect(small.bars.map((b) => b.task.name)).toEqual(['a', 'b', 'c']);
    expect(small).toMatchObject({ datedCount: 3, hasMore: false });
    expect(ganttPreview([...tasks, makeTask()], project, today, 'small').hasMore).toBe(true);
    expect(ganttPreview(makeTasks(7), project, today, 'medium').hasMore).toBe(true);
    expect(ganttPreview(makeTasks(6), project, today, 'medium').hasMore).toBe(false);
    expect(ganttPreview(makeTasks(11), project, today, 'large').hasMore).toBe(true);
    expect(ganttPreview(makeTasks(10), project, today, 'large').hasMore).toBe(false);
    expect(ganttPreview([], project, today, 'large')).toMatchObject({ bars: [], datedCount: 0, hasMore: false });
  });

  it('[gantt-preview] marks the middle of today when the span includes it', () => {
    expect(ganttPreview([], project, today, 'small').todayPct).toBeCloseTo(95);
    expect(ganttPreview([], null, today, 'small').todayPct).toBeCloseTo((0.5 / 31) * 100);
    expect(ganttPreview([], project, '2026-03-11', 'small').todayPct).toBeNull();
    expect(ganttPreview([], project, '2026-02-28', 'small').todayPct).toBeNull();
  });

  it('[gantt-preview] the progress overlay shows unless small', () => {
    expect(ganttPreview([], null, today, 'small').showProgress).toBe(false);
    expect(ganttPreview([], null, today, 'medium').showProgress).toBe(true);
    expect(ganttPreview([], null, today, 'large').showProgress).toBe(true);
  });
});
