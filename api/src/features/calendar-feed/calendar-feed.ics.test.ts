import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../middleware/request-logger.js';
import { calendarFeedIcs, taskLink } from './calendar-feed.ics.js';
import type { FeedTaskRow } from './calendar-feed.queries.js';

const owner = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const task = (fields: Partial<FeedTaskRow>): FeedTaskRow => ({
  id: '6f1c1f6e-8d2c-4c56-9a38-1b2f7c0d9e11',
  name: 'Year end, close; books',
  description: null,
  startDate: '2027-12-30',
  endDate: '2027-12-31',
  kind: 'task',
  status: 'in_progress',
  progress: 40,
  updatedAt: new Date('2027-01-02T03:04:05Z'),
  projectId: 'b1e0a3a2-7c1d-4b8e-9f00-5a6b7c8d9e0f',
  projectName: 'Finance',
  assigned: true,
  ...fields,
});

describe('[calendar-feed] the feed text', () => {
  it('writes all-day events whose DTEND is the day after the end date, across a year end, in any time zone', () => {
    const text = calendarFeedIcs(owner, [task({})], 'https://plan.example.com');
    expect(text).toContain('DTSTART;VALUE=DATE:20271230\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20280101\r\n');
    expect(text).toContain('UID:6f1c1f6e-8d2c-4c56-9a38-1b2f7c0d9e11@plan.example.com\r\n');
    // Text values are escaped (RFC 5545 §3.3.11) and long lines folded at 75 octets (§3.1).
    expect(text).toContain('SUMMARY:Year end\\, close\\; books · Finance\r\n');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('gives the same plan the same bytes (so its ETag holds between polls)', () => {
    const tasks = [task({}), task({ id: 'a8d5f0b2-1111-4e2f-8c3b-2d4e6f8a0b1c', kind: 'milestone', startDate: '2027-06-01', endDate: '2027-06-01' })];
    expect(calendarFeedIcs(owner, tasks, 'https://plan.example.com')).toBe(calendarFeedIcs(owner, tasks, 'https://plan.example.com'));
  });

  it('links each event to its project and task, and keeps the token out of request logs', () => {
    expect(taskLink('https://plan.example.com', task({}))).toBe(
      'https://plan.example.com/?project=b1e0a3a2-7c1d-4b8e-9f00-5a6b7c8d9e0f&task=6f1c1f6e-8d2c-4c56-9a38-1b2f7c0d9e11',
    );
    expect(redactSecrets('/api/calendar/abcDEF_-123.ics')).toBe('/api/calendar/[token].ics');
    expect(redactSecrets('/api/tasks/1')).toBe('/api/tasks/1');
  });
});
