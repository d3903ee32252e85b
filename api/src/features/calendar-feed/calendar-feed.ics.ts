import { addDays, displayName, TASK_STATUS_LABELS, taskStatusOf } from '@planline/domain';
import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import type { FeedOwner, FeedTaskRow } from './calendar-feed.queries.js';

/** How often calendar apps are asked to poll (REFRESH-INTERVAL, X-PUBLISHED-TTL); most poll less often anyway. */
export const FEED_REFRESH_SECONDS = 3600;

/** The address a task's event links to: the workspace opened on its project and the task. */
export function taskLink(origin: string, task: Pick<FeedTaskRow, 'id' | 'projectId'>): string {
  const url = new URL('/', origin);
  url.searchParams.set('project', task.projectId);
  url.searchParams.set('task', task.id);
  return url.toString();
}

/**
 * The feed as RFC 5545 text. Every event is all-day (task dates are calendar dates, with no time zone to guess),
 * DTEND exclusive (the day after the end date), and its UID is the task's id, so a calendar app updates an event
 * it has rather than adding another. DTSTAMP and LAST-MODIFIED are the task's last change, not the time of the
 * poll, so the same plan gives byte-for-byte the same feed and its ETag holds.
 */
export function calendarFeedIcs(owner: FeedOwner, tasks: readonly FeedTaskRow[], origin: string): string {
  const calendar = ical({
    name: `Planline: ${displayName(owner)}`,
    description: 'Your tasks and the milestones of your projects in Planline',
    prodId: { company: 'Planline', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
  });
  const host = new URL(origin).host;
  for (const task of tasks) {
    const milestone = task.kind === 'milestone';
    const link = taskLink(origin, task);
    const status = TASK_STATUS_LABELS[taskStatusOf(task.status)];
    const lines = [
      `Project: ${task.projectName}`,
      milestone ? 'Milestone' : `${status}, ${task.progress}% done`,
      ...(task.description?.trim() ? ['', task.description.trim()] : []),
      '',
      `Open in Planline: ${link}`,
    ];
    calendar.createEvent({
      id: `${task.id}@${host}`,
      allDay: true,
      start: task.startDate,
      end: addDays(task.endDate, 1),
      summary: `${milestone ? '◆ ' : ''}${task.name} · ${task.projectName}`,
      description: lines.join('\n'),
      url: link,
      categories: [{ name: task.projectName }],
      // A three-week task is not three weeks of being busy: free/busy lookups must not see it.
      transparency: ICalEventTransparency.TRANSPARENT,
      stamp: task.updatedAt,
      lastModified: task.updatedAt,
    });
  }
  return calendar.toString();
}
